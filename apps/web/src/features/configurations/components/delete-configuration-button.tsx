import { DeleteOutlined } from '@ant-design/icons';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

type Props = {
  section: string;
  onConfirm: () => void;
  loading?: boolean;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/** Deletes a configuration section after the user confirms it. */
export function DeleteConfigurationButton({ section, onConfirm, loading, compact }: Props) {
  const { t } = useTranslation('configurations');
  return (
    <Popconfirm
      title={t('confirmDelete.title', { section })}
      description={t('confirmDelete.description')}
      okText={t('confirmDelete.ok')}
      cancelText={t('confirmDelete.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      <Button
        danger
        type={compact ? 'text' : 'default'}
        icon={<DeleteOutlined />}
        loading={loading}
        aria-label={t('actions.deleteSection', { section })}
      >
        {compact ? null : t('actions.delete')}
      </Button>
    </Popconfirm>
  );
}
