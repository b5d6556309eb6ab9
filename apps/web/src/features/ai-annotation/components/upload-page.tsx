import { ErrorCode } from '@loupe/contracts';
import { Alert, Button, Card, Form, Select, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { recordIdOf } from '@/components/admin-page/record-id';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { useTasks, useUploadLabels, useWork } from '../api/annotation-works';
import { tasksPath } from '../paths';
import styles from './annotate-page.module.css';

type RowRefusal = { Path: string; Message: 'answer' | 'label' | 'duplicate' | 'columns' };
const REASONS = new Set(['answer', 'label', 'duplicate', 'columns']);

/** The refused rows of a 19115 answer, as sent (`row/{n}` and why). */
function refusedRows(error: unknown): RowRefusal[] {
  if (!(error instanceof ApiError) || error.code !== ErrorCode.AnnotationUploadInvalid) return [];
  if (!Array.isArray(error.details)) return [];
  return (error.details as RowRefusal[]).filter((row) => REASONS.has(row.Message));
}

/**
 * `/ai-annotation-works/{workId}/annotation-tasks/upload`: a CSV or XLSX of AnswerId,Label rows for one of the
 * work's tasks. Accepted only once the work is Ready; bad rows are listed and nothing is saved.
 */
export function UploadPage() {
  const { t } = useTranslation('aiAnnotation');
  const { t: tCommon } = useTranslation();
  const workId = recordIdOf(useParams().annotationWorkId) ?? 0;
  const work = useWork(workId || undefined).data;
  const tasks = useTasks(workId);
  const upload = useUploadLabels(workId);
  const [taskId, setTaskId] = useState<number>();
  const [file, setFile] = useState<File>();
  const rows = refusedRows(upload.error);
  const options = (tasks.data?.Items ?? []).map((task) => ({ value: task.Id, label: task.Name }));
  return (
    <AdminPage
      title={t('upload.title', { name: work?.Name ?? '' })}
      intro={t('upload.intro')}
      back={{ to: tasksPath(workId), label: t('tasks.back') }}
      size="medium"
    >
      <Card>
        <Form layout="vertical" onFinish={() => taskId && file && upload.mutate({ taskId, file })}>
          <Form.Item label={t('upload.task')} htmlFor="upload-task" required>
            <Select
              id="upload-task"
              value={taskId}
              onChange={(value: number) => setTaskId(value)}
              options={options ?? []}
              loading={tasks.isLoading}
            />
          </Form.Item>
          <Form.Item label={t('upload.file')} htmlFor="upload-file" required>
            <input
              id="upload-file"
              type="file"
              accept=".csv,.xlsx"
              onChange={(event) => setFile(event.target.files?.[0])}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={!taskId || !file} loading={upload.isPending}>
            {t('upload.submit')}
          </Button>
        </Form>
      </Card>
      <Space orientation="vertical" className={styles.result}>
        {upload.data && (
          <Alert
            type="success"
            showIcon
            title={t('upload.done', { rows: upload.data.RowCount, gold: upload.data.GoldCount })}
          />
        )}
        {upload.isError && (
          <Alert
            type="error"
            showIcon
            title={errorMessage(upload.error, tCommon)}
            description={
              rows.length > 0 && (
                <>
                  <Typography.Text>{t('upload.badRows')}</Typography.Text>
                  <ul>
                    {rows.map((row) => (
                      <li key={row.Path}>
                        {t(`upload.reasons.${row.Message}`, { row: row.Path.split('/')[1] })}
                      </li>
                    ))}
                  </ul>
                </>
              )
            }
          />
        )}
      </Space>
    </AdminPage>
  );
}
