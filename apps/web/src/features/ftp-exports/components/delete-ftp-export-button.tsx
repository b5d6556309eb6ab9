import type { FtpExport } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteFtpExport } from '../api/ftp-exports';

/** Deletes an FTP export and its run history after confirmation; files already sent stay on the server. */
export function DeleteFtpExportButton({
  ftpExport,
  ...rest
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { ftpExport: Pick<FtpExport, 'Id' | 'Name'> }) {
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: ftpExport.Id, Name: ftpExport.Name }}
      namespace="ftpExports"
      mutation={useDeleteFtpExport()}
    />
  );
}
