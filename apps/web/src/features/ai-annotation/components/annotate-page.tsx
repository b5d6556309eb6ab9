import { ErrorCode, SENTIMENT_LABELS, type AiAnnotationNext } from '@loupe/contracts';
import { Alert, Button, Card, Empty, Progress, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useNextComment, useSaveAnnotation, useTask } from '../api/annotation-works';
import { tasksPath } from '../paths';
import styles from './annotate-page.module.css';

/** The keys of the screen (docs/ai-annotation.md "Shortcuts"). */
const SKIP_KEY = 's';
const MAX_TOPIC_KEYS = 9;

/** Whether a key press belongs to a field or a control that handles keys itself (then no shortcut fires). */
const inControl = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * `/ai-annotation-works/{workId}/annotation-tasks/{id}/annotate`: the annotator's work screen. One comment at a
 * time in large type (announced politely when it changes), its label buttons with keyboard shortcuts, and the
 * progress "n of target" in the task. Sentiment: 1 negative, 2 neutral, 3 positive save at once; topics and
 * emotions: 1–9 toggle the first nine labels, Enter saves the chosen set (none: "no topic"); S skips.
 */
export function AnnotatePage() {
  const { t } = useTranslation('aiAnnotation');
  const { t: tCommon } = useTranslation();
  const params = useParams();
  const workId = recordIdOf(params.annotationWorkId) ?? 0;
  const taskId = recordIdOf(params.id) ?? 0;
  const task = useTask(workId, taskId || undefined).data;
  const [after, setAfter] = useState(0);
  const next = useNextComment(workId, taskId, after);
  const save = useSaveAnnotation(workId, taskId);
  const answer = next.data;
  const item = answer?.Item ?? null;
  // The labels chosen for a comment; a new comment starts with none.
  const [choice, setChoice] = useState<{ answerId?: number; labels: string[] }>({ labels: [] });
  const chosen = useMemo(
    () => (choice.answerId === item?.AnswerId ? choice.labels : []),
    [choice, item?.AnswerId],
  );

  const submit = useCallback(
    (labels: string[]) => {
      if (!item || save.isPending) return;
      save.mutate({ AnswerId: item.AnswerId, Labels: labels }, { onSuccess: () => void next.refetch() });
    },
    [item, save, next],
  );
  const skip = useCallback(() => {
    if (item) setAfter(item.Position);
  }, [item]);
  const toggle = useCallback(
    (label: string) =>
      setChoice({
        answerId: item?.AnswerId,
        labels: chosen.includes(label) ? chosen.filter((x) => x !== label) : [...chosen, label],
      }),
    [item?.AnswerId, chosen],
  );

  useEffect(() => {
    if (!answer || !item) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || inControl(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === SKIP_KEY) {
        event.preventDefault();
        skip();
        return;
      }
      const digit = Number(key);
      if (answer.AnnotationType === 0) {
        const label = SENTIMENT_LABELS[digit - 1];
        if (Number.isInteger(digit) && label) {
          event.preventDefault();
          submit([label]);
        }
        return;
      }
      if (key === 'enter' && !(event.target instanceof HTMLButtonElement)) {
        event.preventDefault();
        submit(chosen);
        return;
      }
      const option = answer.LabelOptions[digit - 1];
      if (Number.isInteger(digit) && digit >= 1 && digit <= MAX_TOPIC_KEYS && option) {
        event.preventDefault();
        toggle(option);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [answer, item, chosen, submit, skip, toggle]);

  const back = { to: tasksPath(workId), label: t('tasks.back') };
  const title = t('annotate.title', { name: task?.Name ?? '' });
  const notAnnotator = next.error instanceof ApiError && next.error.code === ErrorCode.NotTaskAnnotator;
  return (
    <AdminPage title={title} back={back} size="medium">
      {next.isLoading && <Spin />}
      {next.isError && (
        <Alert
          type="error"
          showIcon
          title={notAnnotator ? t('annotate.notAnnotator') : t('annotate.loadFailed')}
        />
      )}
      {answer && (
        <Space orientation="vertical" size="large" className={styles.screen}>
          <ProgressLine answer={answer} />
          <div aria-live="polite" aria-atomic="true">
            {item ? (
              <Card>
                <Typography.Text type="secondary">{t('annotate.comment')}</Typography.Text>
                <p className={styles.comment} lang={item.Language} dir="auto" data-answer-id={item.AnswerId}>
                  {item.Text}
                </p>
              </Card>
            ) : (
              <Empty description={answer.Reason ? t(`annotate.reasons.${answer.Reason}`) : ''}>
                {answer.Reason === 'done' && after > 0 && (
                  <Button onClick={() => setAfter(0)}>{t('annotate.restart')}</Button>
                )}
              </Empty>
            )}
          </div>
          {item && (
            <LabelButtons
              answer={answer}
              chosen={chosen}
              busy={save.isPending}
              onSentiment={(label) => submit([label])}
              onToggle={toggle}
              onSave={() => submit(chosen)}
              onSkip={skip}
            />
          )}
          {save.isError && <Alert type="error" showIcon title={errorMessage(save.error, tCommon)} />}
        </Space>
      )}
    </AdminPage>
  );
}

function ProgressLine({ answer }: { answer: AiAnnotationNext }) {
  const { t } = useTranslation('aiAnnotation');
  const text = t('annotate.progress', { done: answer.Done, target: answer.Target });
  return (
    <div>
      <Typography.Text strong>{t('annotate.progressLabel')}: </Typography.Text>
      <Typography.Text data-testid="annotate-progress">{text}</Typography.Text>
      <Progress
        percent={answer.Target === 0 ? 0 : Math.round((100 * answer.Done) / answer.Target)}
        showInfo={false}
        aria-label={text}
      />
    </div>
  );
}

type LabelButtonsProps = {
  answer: AiAnnotationNext;
  chosen: string[];
  busy: boolean;
  onSentiment: (label: string) => void;
  onToggle: (label: string) => void;
  onSave: () => void;
  onSkip: () => void;
};

function LabelButtons({ answer, chosen, busy, onSentiment, onToggle, onSave, onSkip }: LabelButtonsProps) {
  const { t } = useTranslation('aiAnnotation');
  const sentiment = answer.AnnotationType === 0;
  return (
    <Space orientation="vertical" size="middle" className={styles.screen}>
      <Typography.Text type="secondary">
        {sentiment ? t('annotate.shortcutsSentiment') : t('annotate.shortcutsTopics')}
      </Typography.Text>
      <Space wrap size="middle">
        {sentiment
          ? SENTIMENT_LABELS.map((label, index) => (
              <Button
                key={label}
                size="large"
                disabled={busy}
                aria-keyshortcuts={String(index + 1)}
                onClick={() => onSentiment(label)}
              >
                <kbd className={styles.key}>{index + 1}</kbd> {t(`annotate.labels.${label}`)}
              </Button>
            ))
          : answer.LabelOptions.map((label, index) => (
              <Button
                key={label}
                size="large"
                type={chosen.includes(label) ? 'primary' : 'default'}
                aria-pressed={chosen.includes(label)}
                aria-keyshortcuts={index < MAX_TOPIC_KEYS ? String(index + 1) : undefined}
                disabled={busy}
                onClick={() => onToggle(label)}
              >
                {index < MAX_TOPIC_KEYS && <kbd className={styles.key}>{index + 1}</kbd>} {label}
              </Button>
            ))}
      </Space>
      <Space wrap>
        {!sentiment && (
          <Button type="primary" size="large" disabled={busy} aria-keyshortcuts="Enter" onClick={onSave}>
            {t('annotate.save')}
          </Button>
        )}
        <Button size="large" disabled={busy} aria-keyshortcuts="S" onClick={onSkip}>
          <kbd className={styles.key}>S</kbd> {t('annotate.skip')}
        </Button>
      </Space>
    </Space>
  );
}
