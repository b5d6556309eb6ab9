import {
  Alert,
  App,
  Button,
  Card,
  Form,
  Input,
  type AlertProps,
  type FormInstance,
  type FormProps,
} from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ZodType } from 'zod';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import styles from './admin-page.module.css';
import type { RefusalField } from './refusal-field';

/** What of a save mutation the form needs (a TanStack `useMutation` result fits). */
export type SaveState = { isPending: boolean; error: unknown; reset: () => void };

/**
 * Puts a refused save's translated text under the field it belongs to (`fieldOf`); the returned function is
 * the save mutation's `onError`. A refusal of no field is left to {@link RefusalAlert}.
 */
export function useFieldRefusal<V>(
  form: FormInstance<V>,
  fieldOf: RefusalField<V>,
): (error: unknown) => void {
  const { t } = useTranslation();
  return (error) => {
    const field = fieldOf(error);
    // A top-level field of V is a valid name path of V.
    if (field !== undefined)
      form.setFields([{ name: field as NamePath<V>, errors: [errorMessage(error, t)] }]);
  };
}

/**
 * The save mutation's callbacks of a record form: on success a message (`savedMessage(saved)`) and back to
 * the list; a refusal goes under its field ({@link useFieldRefusal}) or above the form ({@link RefusalAlert}).
 */
export function useSaveHandlers<V, S>({
  form,
  fieldOf,
  listPath,
  savedMessage,
}: {
  form: FormInstance<V>;
  fieldOf: RefusalField<V>;
  listPath: string;
  savedMessage: (saved: S) => string;
}): { onSuccess: (saved: S) => void; onError: (error: unknown) => void } {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const onError = useFieldRefusal(form, fieldOf);
  return {
    onSuccess: (saved) => {
      void message.success(savedMessage(saved));
      void navigate(listPath);
    },
    onError,
  };
}

/**
 * A note above a form or its fields, e.g. `<FormNote type="info" title={t('notes.readOnly')} />`: an Alert with
 * its icon and the space under it (antd announces every Alert, role="alert").
 */
export function FormNote(props: Omit<AlertProps, 'className' | 'showIcon'>) {
  return <Alert className={styles.alert} showIcon {...props} />;
}

/**
 * A record's required `Name` (blank or white space only is "required"), then checked with the contracts
 * `schema`, whose messages the common catalogue words; at most 100 characters.
 */
export function NameItem({ label, schema }: { label: string; schema: ZodType }) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="Name"
      label={label}
      rules={[{ required: true, whitespace: true, message: t('form.required') }, zodRule(schema, t)]}
    >
      <Input autoComplete="off" maxLength={100} />
    </Form.Item>
  );
}

/** A failed save that belongs to no field, translated, above the form (an announced alert). */
export function RefusalAlert<V>({ error, fieldOf }: { error: unknown; fieldOf: RefusalField<V> }) {
  const { t } = useTranslation();
  if (error === null || error === undefined || fieldOf(error) !== undefined) return null;
  return <FormNote type="error" title={errorMessage(error, t)} />;
}

/** The props of {@link RecordForm}. */
export type RecordFormProps<V> = {
  form: FormInstance<V>;
  initialValues: FormProps<V>['initialValues'];
  onFinish: (values: V) => void;
  /** The save mutation: it disables the form while it runs, a change of a value resets it. */
  save: SaveState;
  /** Which field a refusal of the server belongs to; others show above the fields. */
  fieldOf: RefusalField<V>;
  /** Notes above the form ({@link FormNote}s). */
  notes?: ReactNode;
  /** Disables the fields; instead of Save and Cancel, a `backLabel` button back to the list (if given). */
  readOnly?: boolean;
  /** Where Cancel (and Back) go. */
  listPath: string;
  /** The read-only page's way back, already translated. */
  backLabel?: string;
  /** At the far end of Save and Cancel, e.g. the delete button. */
  footerExtra?: ReactNode;
  /** Called after the save's state is reset on each change. */
  onValuesChange?: FormProps<V>['onValuesChange'];
  /** The fields. */
  children: ReactNode;
};

/**
 * A record's create or edit form in a card: notes, the refusal of the last save, the fields, then Save
 * (submits), Cancel (back to the list) and `footerExtra` at the end side.
 */
export function RecordForm<V>({
  form,
  initialValues,
  onFinish,
  save,
  fieldOf,
  notes,
  readOnly = false,
  listPath,
  backLabel,
  footerExtra,
  onValuesChange,
  children,
}: RecordFormProps<V>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const toList = () => void navigate(listPath);
  return (
    <Card>
      {notes}
      <Form<V>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={onFinish}
        onValuesChange={(changed, values) => {
          save.reset();
          onValuesChange?.(changed, values);
        }}
        disabled={save.isPending || readOnly}
      >
        <RefusalAlert error={save.error} fieldOf={fieldOf} />
        {children}
        {!readOnly && (
          <div className={styles.buttons}>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
            <Button onClick={toList}>{t('common.cancel')}</Button>
            <span className={styles.spacer} />
            {footerExtra}
          </div>
        )}
      </Form>
      {readOnly && backLabel && <Button onClick={toList}>{backLabel}</Button>}
    </Card>
  );
}
