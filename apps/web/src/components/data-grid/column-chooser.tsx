import { SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Popover } from 'antd';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './data-grid.module.css';

export type ColumnChoice = { key: string; title: string; visible: boolean };

/**
 * The "Columns" button: a popover of checkboxes, one per column. It opens right after the button in the
 * document, so Tab moves from the button into the list; Escape closes it and returns focus to the button.
 * The last visible column cannot be unchecked.
 */
export function ColumnChooser({
  choices,
  onToggle,
}: {
  choices: ColumnChoice[];
  onToggle: (key: string, visible: boolean) => void;
}) {
  const { t } = useTranslation('grid');
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const visibleCount = choices.filter((choice) => choice.visible).length;

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    close();
  };

  const content = (
    <div
      id={listId}
      role="group"
      aria-label={t('columns.legend')}
      className={styles.columnList}
      onKeyDown={onKeyDown}
    >
      {choices.map((choice) => (
        <Checkbox
          key={choice.key}
          checked={choice.visible}
          disabled={choice.visible && visibleCount <= 1}
          onChange={(event) => onToggle(choice.key, event.target.checked)}
        >
          {choice.title}
        </Checkbox>
      ))}
    </div>
  );

  return (
    <span className={styles.chooser}>
      <Popover
        content={content}
        title={t('columns.legend')}
        trigger="click"
        placement="bottomRight"
        open={open}
        onOpenChange={setOpen}
        // In the document right after the button, so the keyboard reaches the checkboxes next.
        getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
      >
        <Button
          ref={button}
          icon={<SettingOutlined />}
          aria-haspopup="true"
          aria-expanded={open}
          aria-controls={open ? listId : undefined}
        >
          {t('columns.button')}
        </Button>
      </Popover>
    </span>
  );
}
