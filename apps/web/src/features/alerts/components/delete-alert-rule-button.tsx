import type { AlertRule } from '@loupe/contracts';
import {
  DeleteNamedRecordButton,
  type DeleteNamedRecordProps,
} from '@/components/admin-page/confirm-action-button';
import { useDeleteAlertRule } from '../api/alert-rules';

/** Deletes an alert rule after confirmation; the alerts it raised stay, without their rule. */
export function DeleteAlertRuleButton({
  rule,
  ...rest
}: Omit<DeleteNamedRecordProps<number>, 'record'> & { rule: Pick<AlertRule, 'Id' | 'Title'> }) {
  return (
    <DeleteNamedRecordButton
      {...rest}
      record={{ Id: rule.Id, Name: rule.Title }}
      namespace="alerts"
      mutation={useDeleteAlertRule()}
    />
  );
}
