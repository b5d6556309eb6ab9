import type { EmailReport } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteEmailReport } from '../api/email-reports';

/** Deletes an email report notification after confirmation; mails already sent stay where they are. */
export function DeleteEmailReportButton({
  emailReport,
  ...rest
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { emailReport: Pick<EmailReport, 'Id' | 'Subject'> }) {
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: emailReport.Id, Name: emailReport.Subject }}
      namespace="emailReports"
      mutation={useDeleteEmailReport()}
    />
  );
}
