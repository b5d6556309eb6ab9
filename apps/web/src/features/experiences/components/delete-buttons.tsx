import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { useDeleteExperience } from '../api/delete-experience';
import { useDeleteJourneyStage } from '../api/delete-journey-stage';
import { useDeleteWeightedGroup } from '../api/delete-weighted-group';

type Props = {
  record: { Id: number; Name: string };
  /** After the record is gone (e.g. back to the list). */
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
  disabled?: boolean;
};

type Mutation = {
  mutate(id: number, callbacks: { onSuccess: () => void; onError: (error: Error) => void }): void;
  isPending: boolean;
};

/** Deletes after the user confirms; a refusal (in use, system record, gone) shows translated in a dialog. */
function DeleteRecordButton({
  record,
  onDeleted,
  compact,
  disabled,
  mutation,
}: Props & { mutation: Mutation }) {
  const { t } = useTranslation('experiences');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();

  const confirm = () =>
    mutation.mutate(record.Id, {
      onSuccess: () => {
        void message.success(t('delete.done', { name: record.Name }));
        onDeleted?.();
      },
      onError: (error) => {
        modal.error({
          title: t('delete.refused', { name: record.Name }),
          content: errorMessage(error, tCommon),
          okText: t('record.close'),
        });
      },
    });

  return (
    <Popconfirm
      title={t('delete.confirmTitle', { name: record.Name })}
      description={t('delete.confirmDescription')}
      okText={t('delete.ok')}
      cancelText={t('record.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={confirm}
      disabled={disabled}
    >
      <Button
        danger
        type={compact ? 'text' : 'default'}
        icon={<DeleteOutlined />}
        loading={mutation.isPending}
        disabled={disabled}
        aria-label={t('delete.label', { name: record.Name })}
      >
        {compact ? null : t('delete.button')}
      </Button>
    </Popconfirm>
  );
}

export function DeleteExperienceButton(props: Props) {
  return <DeleteRecordButton {...props} mutation={useDeleteExperience()} />;
}

export function DeleteWeightedGroupButton(props: Props) {
  return <DeleteRecordButton {...props} mutation={useDeleteWeightedGroup()} />;
}

export function DeleteJourneyStageButton(props: Props) {
  return <DeleteRecordButton {...props} mutation={useDeleteJourneyStage()} />;
}
