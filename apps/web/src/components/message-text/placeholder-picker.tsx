import { TagOutlined } from '@ant-design/icons';
import { SURVEY_MESSAGE_PLACEHOLDERS, placeholderToken } from '@loupe/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The placeholder picker of a message field (shell spec §3): a menu of the survey placeholders, grouped; the
 * chosen one's token (`{{FullName}}`) goes to `onInsert`, which puts it at the cursor.
 */
export function PlaceholderPicker({
  onInsert,
  disabled,
}: {
  onInsert: (token: string) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('messageText');
  const groups = [...new Set(SURVEY_MESSAGE_PLACEHOLDERS.map((placeholder) => placeholder.group))];
  return (
    <Dropdown
      trigger={['click']}
      disabled={disabled}
      menu={{
        style: { maxHeight: 360, overflowY: 'auto' },
        items: groups.map((group) => ({
          type: 'group',
          key: group,
          label: t(`placeholders.groups.${group}`),
          children: SURVEY_MESSAGE_PLACEHOLDERS.filter((placeholder) => placeholder.group === group).map(
            (placeholder) => ({ key: placeholder.name, label: placeholderToken(placeholder.name) }),
          ),
        })),
        onClick: ({ key }) => onInsert(placeholderToken(key)),
      }}
    >
      <Button size="small" icon={<TagOutlined aria-hidden="true" />}>
        {t('placeholders.insert')}
      </Button>
    </Dropdown>
  );
}
