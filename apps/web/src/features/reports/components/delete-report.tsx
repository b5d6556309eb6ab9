import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeleteReportMutation } from '../api/save-report';

/** The report a delete names: its id, and its title for the question. */
export type DeletableReport = { Id: number; Title: string };

/**
 * Deleting a report (reports spec §4, §5, §8): `confirmDelete(report)` asks with Delete and Cancel, deletes,
 * goes home (or runs `leave`: the report list stays where it is), refreshes every report query (the menu drops it) and says so; a failure shows the
 * transaction-fail notice and leaves the user on the report.
 */
export function useDeleteReport(
  /** Where the user goes once the report is gone; default home (the report's own page is gone). */
  leave?: () => Promise<void> | void,
): { confirmDelete: (report: DeletableReport) => void } {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  // Home first (reports spec §4), so the report's page is gone before the lists drop the report.
  const { mutateAsync } = useDeleteReportMutation({ leave: leave ?? (() => navigate('/')) });

  const confirmDelete = (report: DeletableReport) => {
    modal.confirm({
      title: t('delete.confirmTitle', { title: report.Title }),
      content: t('delete.confirmContent'),
      okText: t('delete.ok'),
      okButtonProps: { danger: true },
      cancelText: tc('common.cancel'),
      // Resolving closes the confirmation; the OK button spins meanwhile.
      onOk: async () => {
        try {
          await mutateAsync(report.Id);
        } catch {
          void message.error(t('delete.failed'));
          return;
        }
        void message.success(t('delete.done'));
      },
    });
  };

  return { confirmDelete };
}
