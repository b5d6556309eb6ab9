import { useTranslation } from 'react-i18next';
import { DeleteRecordButton, type ActionMutation } from '@/components/admin-page/confirm-action-button';
import { useDeleteServiceConfiguration } from '../api/delete-service-configuration';
import { useDeleteSystemConfiguration } from '../api/delete-system-configuration';

type Props = {
  record: { Id: number; Section: string };
  /** After the section is gone (e.g. back to the list). */
  onDeleted?: () => void;
  /** A small icon button for the list's actions column; otherwise a labelled button. */
  compact?: boolean;
};

/** Deletes a configuration section after the user confirms it; a failure shows in the global error dialog. */
function DeleteConfigurationButton({
  record,
  mutation,
  ...rest
}: Props & { mutation: ActionMutation<number> }) {
  const { t } = useTranslation('configurations');
  const section = record.Section;
  return (
    <DeleteRecordButton
      {...rest}
      id={record.Id}
      mutation={mutation}
      texts={{
        label: t('actions.deleteSection', { section }),
        confirmTitle: t('confirmDelete.title', { section }),
        confirmDescription: t('confirmDelete.description'),
        done: t('messages.deleted'),
      }}
    />
  );
}

export function DeleteServiceConfigurationButton(props: Props) {
  return <DeleteConfigurationButton {...props} mutation={useDeleteServiceConfiguration()} />;
}

export function DeleteSystemConfigurationButton(props: Props) {
  return <DeleteConfigurationButton {...props} mutation={useDeleteSystemConfiguration()} />;
}
