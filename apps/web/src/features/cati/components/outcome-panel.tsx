import { CATI_LIMITS, CatiOutcome, type CatiCall, type CatiOutcomeSave } from '@loupe/contracts';
import { Alert, App, Button, Card, Form, Input, Radio, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDatePicker } from '@/components/form-date-picker';
import { errorMessage } from '@/lib/error-message';
import { useRefusalReasons } from '../api/get-refusal-reasons';
import { useSaveCatiOutcome } from '../api/save-cati-outcome';
import { CONFIRMED_OUTCOMES, OUTCOME_NAMES, callbackProblem } from '../cati-values';
import styles from './cati.module.css';

type Values = {
  Outcome?: CatiOutcome;
  CallbackAt?: Dayjs | null;
  RefusalReason?: string;
  Note?: string;
};

const OUTCOMES = Object.keys(OUTCOME_NAMES).map(Number) as CatiOutcome[];

/**
 * Ends the call with an outcome: Completed once the survey flow is finished, Callback at a future time (at most
 * 60 days ahead), No answer, Busy, Wrong number or Refused (with a reason of the system rules, free text when the
 * tenant has none), and an optional note. Wrong number and Refused are confirmed first; a refusal of the server
 * shows translated under the button.
 */
export function OutcomePanel({ call, canComplete }: { call: CatiCall; canComplete: boolean }) {
  const { t } = useTranslation('cati');
  const { t: tCommon } = useTranslation();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const outcome = Form.useWatch('Outcome', form);
  const reasons = useRefusalReasons();
  const save = useSaveCatiOutcome();
  const [saveError, setSaveError] = useState<unknown>();
  const reasonList = reasons.data?.Reasons ?? [];

  const submit = (values: Values) => {
    const chosen = values.Outcome;
    if (chosen === undefined) return;
    const body: CatiOutcomeSave = {
      Outcome: chosen,
      CallbackAt: chosen === CatiOutcome.Callback ? (values.CallbackAt?.toISOString() ?? null) : null,
      RefusalReason: chosen === CatiOutcome.Refused ? (values.RefusalReason ?? null) : null,
      Note: values.Note ?? null,
    };
    const name = t(`outcome.names.${OUTCOME_NAMES[chosen]}`);
    const send = () => {
      setSaveError(undefined);
      save.mutate(
        { id: call.Id, outcome: body },
        {
          onSuccess: () => void message.success(t('outcome.saved', { outcome: name })),
          onError: setSaveError,
        },
      );
    };
    if (!CONFIRMED_OUTCOMES.includes(chosen)) return send();
    const which = chosen === CatiOutcome.WrongNumber ? 'confirmWrongNumber' : 'confirmRefused';
    void modal.confirm({
      title: t(`outcome.${which}.title`),
      content: t(`outcome.${which}.description`),
      okText: t('outcome.confirm', { outcome: name }),
      okButtonProps: { danger: true },
      cancelText: tCommon('common.cancel'),
      onOk: send,
    });
  };

  return (
    <Card size="small" title={<h2 className={styles.cardTitle}>{t('outcome.title')}</h2>}>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={submit}>
        <Form.Item
          name="Outcome"
          label={t('outcome.legend')}
          rules={[{ required: true, message: t('outcome.outcomeRequired') }]}
        >
          <Radio.Group className={styles.outcomes}>
            {OUTCOMES.map((value) => (
              <Radio key={value} value={value} disabled={value === CatiOutcome.Completed && !canComplete}>
                {t(`outcome.names.${OUTCOME_NAMES[value]}`)}
              </Radio>
            ))}
          </Radio.Group>
        </Form.Item>
        <Typography.Text type="secondary" className={styles.hint} aria-live="polite">
          {canComplete ? t('outcome.completedReady') : t('outcome.completedHint')}
        </Typography.Text>
        {outcome === CatiOutcome.Callback && (
          <Form.Item
            name="CallbackAt"
            label={t('outcome.callbackAt')}
            rules={[
              {
                validator: (_, value: Dayjs | null | undefined) => {
                  const problem = callbackProblem(value, dayjs());
                  if (!problem) return Promise.resolve();
                  return Promise.reject(
                    new Error(
                      problem === 'required'
                        ? t('outcome.callbackRequired')
                        : t('outcome.callbackRange', { days: CATI_LIMITS.callbackDaysMax }),
                    ),
                  );
                },
              },
            ]}
          >
            <FormDatePicker
              showTime={{ format: 'HH:mm' }}
              format="DD/MM/YYYY HH:mm"
              className={styles.fullWidth}
              disabledDate={(day) =>
                day.isBefore(dayjs().startOf('day')) ||
                day.isAfter(dayjs().add(CATI_LIMITS.callbackDaysMax, 'day').endOf('day'))
              }
            />
          </Form.Item>
        )}
        {outcome === CatiOutcome.Refused && (
          <Form.Item
            name="RefusalReason"
            label={t('outcome.reason')}
            rules={[{ required: true, whitespace: true, message: t('outcome.reasonRequired') }]}
          >
            {reasonList.length > 0 ? (
              <Select
                loading={reasons.isLoading}
                options={reasonList.map((reason) => ({
                  value: reason.Reason,
                  label: t('outcome.reasonDays', { reason: reason.Reason, days: reason.Days }),
                }))}
              />
            ) : (
              <Input maxLength={CATI_LIMITS.reasonMax} disabled={reasons.isLoading} />
            )}
          </Form.Item>
        )}
        <Form.Item name="Note" label={t('outcome.note')}>
          <Input.TextArea rows={2} maxLength={CATI_LIMITS.noteMax} showCount />
        </Form.Item>
        {saveError !== undefined && (
          <Alert
            className={styles.saveError}
            type="error"
            showIcon
            title={t('outcome.failed')}
            description={errorMessage(saveError, tCommon)}
          />
        )}
        <Button type="primary" htmlType="submit" loading={save.isPending} block>
          {t('outcome.submit')}
        </Button>
      </Form>
    </Card>
  );
}
