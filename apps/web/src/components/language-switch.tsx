import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES } from '@loupe/contracts';
import { Button, Popover } from 'antd';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale } from '../lib/i18n';
import styles from './language-switch.module.css';

/** Arrow keys move between the languages, as in any menu. */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
  if (!step) return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  items[(index + step + items.length) % items.length]?.focus();
}

/**
 * The language list (shell spec §1): the 12 languages, each named in itself. A popover of buttons rather than
 * antd's dropdown menu, which keeps the menu component out of the sign-in page's bundle. `compact` shows the
 * icon only, for narrow top bars.
 */
export function LanguageSwitch({ compact = false, id }: { compact?: boolean; id?: string }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const current = isLocale(i18n.language) ? i18n.language : currentLocale();
  const currentName = LANGUAGES.find((language) => language.code === current)?.name;

  const list = (
    <div role="menu" aria-label={t('language.label')} className={styles.list} onKeyDown={moveFocus}>
      {LANGUAGES.map((language) => (
        <Button
          key={language.code}
          role="menuitem"
          type="text"
          block
          className={styles.option}
          aria-current={language.code === current ? 'true' : undefined}
          autoFocus={language.code === current}
          onClick={() => {
            setOpen(false);
            void changeLocale(language.code);
          }}
        >
          <span lang={language.code} dir={language.dir}>
            {language.name}
          </span>
          {language.code === current && <CheckOutlined className={styles.check} aria-hidden />}
        </Button>
      ))}
    </div>
  );

  return (
    <Popover
      content={list}
      trigger="click"
      open={open}
      onOpenChange={setOpen}
      placement="bottomRight"
      arrow={false}
    >
      <Button
        id={id}
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('language.label')}
        aria-haspopup="menu"
        aria-expanded={open}
        title={t('language.choose')}
      >
        {!compact && <span lang={current}>{currentName}</span>}
      </Button>
    </Popover>
  );
}
