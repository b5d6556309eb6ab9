import { HistoryOutlined } from '@ant-design/icons';
import { INTEGRATION_LIMITS } from '@loupe/contracts';
import { Alert, App, Button, Checkbox, DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useDeliveryCount } from '../api/count-integration-deliveries';
import { useReplayIntegrationDeliveries } from '../api/replay-integration-deliveries';
import { replayRangeFilter, replayStatuses } from '../delivery-filter';

type Range = [Dayjs | null, Dayjs | null] | null;

/**
 * "Replay a time range": a dialog with the period and whether only failed deliveries go again; before the user
 * confirms, it says how many deliveries that is (the grid's count); afterwards how many the server queued.
 */
export function ReplayRangeButton() {
  const { t } = useTranslation('integrations');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [range, setRange] = useState<Range>(null);
  const [onlyFailed, setOnlyFailed] = useState(true);
  const replay = useReplayIntegrationDeliveries();

  const [from, to] = range ?? [null, null];
  const statuses = replayStatuses(onlyFailed);
  const period =
    from && to ? { From: from.toISOString(), To: to.toISOString(), Statuses: statuses } : undefined;
  const count = useDeliveryCount(
    open && period ? replayRangeFilter({ from: period.From, to: period.To, statuses }) : undefined,
  );

  const close = () => {
    setOpen(false);
    replay.reset();
  };
  const confirm = () => {
    if (!period) return;
    replay.mutate(period, {
      onSuccess: (result) => {
        void message.success(t('deliveries.range.done', { count: result.Replayed }));
        close();
      },
    });
  };

  return (
    <>
      <Button icon={<HistoryOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('deliveries.range.button')}
      </Button>
      <Modal
        open={open}
        title={t('deliveries.range.title')}
        okText={t('deliveries.range.confirm')}
        cancelText={tCommon('common.cancel')}
        okButtonProps={{ danger: true, disabled: !period || count.data === 0 }}
        confirmLoading={replay.isPending}
        onOk={confirm}
        onCancel={close}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label={t('deliveries.range.period')}
            extra={t('deliveries.range.help', {
              days: INTEGRATION_LIMITS.replayRangeDaysMax,
              max: INTEGRATION_LIMITS.replayMax,
            })}
            required
          >
            <DatePicker.RangePicker
              showTime
              value={range}
              onChange={(value) => {
                setRange(value);
                replay.reset();
              }}
              aria-label={t('deliveries.range.period')}
            />
          </Form.Item>
          <Form.Item>
            <Checkbox
              checked={onlyFailed}
              onChange={(event) => {
                setOnlyFailed(event.target.checked);
                replay.reset();
              }}
            >
              {t('deliveries.range.onlyFailed')}
            </Checkbox>
          </Form.Item>
        </Form>
        <Typography.Paragraph role="status" aria-live="polite">
          {!period
            ? t('deliveries.range.required')
            : count.data !== undefined
              ? t('deliveries.range.count', { count: count.data })
              : t('deliveries.range.countUnknown')}
        </Typography.Paragraph>
        {replay.isError && (
          <Alert
            type="error"
            role="alert"
            showIcon
            title={t('deliveries.range.refused')}
            description={errorMessage(replay.error, tCommon)}
          />
        )}
      </Modal>
    </>
  );
}
