import { DeleteOutlined } from '@ant-design/icons';
import { App, Button, Popconfirm } from 'antd';
import type { CustomTypeOptions } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import type { Namespace } from '@/lib/i18n';

/** What of a mutation the button runs (a TanStack `useMutation` result fits). */
export type ActionMutation<V> = {
  mutate: (variables: V, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
};

/** The button's words, already translated in the feature's namespace. */
type ConfirmActionTexts = {
  /** The button's accessible name (and its tooltip when compact), e.g. "Delete Administrator". */
  label: string;
  /** The visible text of the full-size button. */
  button: string;
  /** The confirmation's question, e.g. "Delete Administrator?". */
  confirmTitle: string;
  /** What follows from it, under the question. */
  confirmDescription?: string;
  /** The confirming button's text; default: `button`. */
  ok?: string;
  /** The success message. */
  done: string;
  /**
   * The title of the dialog that shows a refusal of the server, translated, e.g. "Administrator was not
   * deleted". Leave it out when the call reports its failures in the global error dialog itself.
   */
  refused?: string;
};

/** The props of {@link ConfirmActionButton}. */
export type ConfirmActionButtonProps<V> = {
  /** What the mutation is called with. */
  variables: V;
  mutation: ActionMutation<V>;
  texts: ConfirmActionTexts;
  icon: ReactNode;
  /** Red, for what cannot be undone. */
  danger?: boolean;
  /** A small icon-only button (for a list's actions column); otherwise the icon and `texts.button`. */
  compact?: boolean;
  disabled?: boolean;
  /** After the success message, e.g. back to the list. */
  onDone?: () => void;
};

/**
 * A button that runs a mutation after the user confirms it in a popconfirm, then says so; a refusal shows
 * translated in a dialog titled `texts.refused`. Cancel and Close are the common words.
 */
export function ConfirmActionButton<V>({
  variables,
  mutation,
  texts,
  icon,
  danger = false,
  compact = false,
  disabled,
  onDone,
}: ConfirmActionButtonProps<V>) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const { refused } = texts;

  const confirm = () =>
    mutation.mutate(variables, {
      onSuccess: () => {
        void message.success(texts.done);
        onDone?.();
      },
      onError: (error) => {
        if (refused === undefined) return;
        modal.error({ title: refused, content: errorMessage(error, t), okText: t('common.close') });
      },
    });

  return (
    <Popconfirm
      title={texts.confirmTitle}
      description={texts.confirmDescription}
      okText={texts.ok ?? texts.button}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger }}
      onConfirm={confirm}
      disabled={disabled}
    >
      <Button
        danger={danger}
        type={compact ? 'text' : 'default'}
        icon={icon}
        loading={mutation.isPending}
        disabled={disabled}
        aria-label={texts.label}
        title={compact ? texts.label : undefined}
      >
        {compact ? null : texts.button}
      </Button>
    </Popconfirm>
  );
}

/** The props of {@link DeleteRecordButton}. */
export type DeleteRecordButtonProps<Id> = {
  /** The record's id, what the delete mutation is called with. */
  id: Id;
  /** The feature's delete mutation. */
  mutation: ActionMutation<Id>;
  /** The record's texts; the button and its confirmation say "Delete" (common `admin.delete`). */
  texts: Omit<ConfirmActionTexts, 'button' | 'ok'>;
  compact?: boolean;
  disabled?: boolean;
  /** After the record is gone (e.g. back to the list). */
  onDeleted?: () => void;
};

/**
 * Deletes a record after the user confirms it: popconfirm → mutation → success message, or the server's
 * refusal translated in a dialog (`texts.refused`). The server decides whether the record may go.
 *
 * @example
 * ```tsx
 * export function DeleteRoleButton({ role, ...rest }: Props) {
 *   const { t } = useTranslation('roles');
 *   const name = role.Name;
 *   return (
 *     <DeleteRecordButton id={role.Id} mutation={useDeleteRole()} {...rest}
 *       texts={{ label: t('delete.label', { name }), confirmTitle: t('delete.confirmTitle', { name }),
 *         done: t('delete.done', { name }), refused: t('delete.refused', { name }) }} />
 *   );
 * }
 * ```
 */
export function DeleteRecordButton<Id>({ id, texts, onDeleted, ...rest }: DeleteRecordButtonProps<Id>) {
  const { t } = useTranslation();
  return (
    <ConfirmActionButton<Id>
      {...rest}
      variables={id}
      danger
      icon={<DeleteOutlined />}
      texts={{ ...texts, button: t('admin.delete') }}
      onDone={onDeleted}
    />
  );
}

/** The `delete.*` texts of a feature's catalogue that {@link DeleteNamedRecordButton} words, `{{name}}` the record's. */
type DeleteTexts = {
  delete: Record<'label' | 'confirmTitle' | 'confirmDescription' | 'done' | 'refused', string>;
};

/** The namespaces (features) whose catalogue has the {@link DeleteTexts}. */
type DeleteTextsNamespace = {
  [N in Namespace]: CustomTypeOptions['resources'][N] extends DeleteTexts ? N : never;
}[Namespace];

/** The props of a feature's delete button of a named record (it adds the namespace and its delete mutation). */
export type DeleteNamedRecordProps<Id> = Omit<DeleteRecordButtonProps<Id>, 'id' | 'mutation' | 'texts'> & {
  /** The record: its id is what the mutation is called with, its name what the texts say. */
  record: { Id: Id; Name: string };
};

/**
 * {@link DeleteRecordButton} of a record known by its name, worded by the `delete.*` texts of `namespace`
 * (label, confirmTitle, confirmDescription, done, refused).
 *
 * @example
 * ```tsx
 * export function DeleteRoleButton(props: DeleteNamedRecordProps<number>) {
 *   return <DeleteNamedRecordButton {...props} namespace="roles" mutation={useDeleteRole()} />;
 * }
 * ```
 */
export function DeleteNamedRecordButton<Id>({
  record,
  namespace,
  ...rest
}: DeleteNamedRecordProps<Id> & { namespace: DeleteTextsNamespace; mutation: ActionMutation<Id> }) {
  const { t } = useTranslation(namespace);
  const name = record.Name;
  return (
    <DeleteRecordButton<Id>
      {...rest}
      id={record.Id}
      texts={{
        label: t('delete.label', { name }),
        confirmTitle: t('delete.confirmTitle', { name }),
        confirmDescription: t('delete.confirmDescription'),
        done: t('delete.done', { name }),
        refused: t('delete.refused', { name }),
      }}
    />
  );
}
