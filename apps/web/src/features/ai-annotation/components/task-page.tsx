import { aiAnnotationTaskSaveSchema, type AiAnnotationTask } from '@loupe/contracts';
import { Button, Form, InputNumber, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { recordIdOf } from '@/components/admin-page/record-id';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfDetails } from '@/components/admin-page/refusal-field';
import { FormDatePicker } from '@/components/form-date-picker';
import { useAnnotatorChoices, useSaveTask, useTask } from '../api/annotation-works';
import { annotatePath, tasksPath } from '../paths';
import { DeleteTaskButton } from './delete-task-button';
import { useCaller } from './work-labels';

type Values = { Name: string; AnnotatorIds: number[]; TargetCount: number; ExpireDate: Dayjs | null };

const taskRefusalField = fieldOfDetails<Values>(['Name', 'AnnotatorIds', 'TargetCount', 'ExpireDate']);

/** The route's task (`:id`) of the route's work (`:annotationWorkId`). */
function useRouteTask(id: number | undefined) {
  return useTask(recordIdOf(useParams().annotationWorkId) ?? 0, id);
}

/** `/ai-annotation-works/{workId}/annotation-tasks/create` and `…/{id}`. */
export function TaskPage() {
  const { t } = useTranslation('aiAnnotation');
  const workId = recordIdOf(useParams().annotationWorkId) ?? 0;
  const back = { to: tasksPath(workId), label: t('tasks.back') };
  return (
    <RecordLoader
      query={useRouteRecord(useRouteTask)}
      title={t('tasks.createTitle')}
      back={back}
      size="medium"
      notFound={t('tasks.notFound')}
      loadFailed={t('tasks.loadFailed')}
    >
      {(task) => <TaskForm key={task?.Id} workId={workId} task={task} />}
    </RecordLoader>
  );
}

/** Name, annotators, target count per annotator and expiry. */
function TaskForm({ workId, task }: { workId: number; task?: AiAnnotationTask }) {
  const { t } = useTranslation('aiAnnotation');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const { userId, canManage } = useCaller();
  const [form] = Form.useForm<Values>();
  const save = useSaveTask(workId);
  const annotators = useAnnotatorChoices();
  const listPath = tasksPath(workId);
  const handlers = useSaveHandlers({
    form,
    fieldOf: taskRefusalField,
    listPath,
    savedMessage: (saved: AiAnnotationTask) => t('tasks.saved', { name: saved.Name }),
  });
  const initialValues: Values = {
    Name: task?.Name ?? '',
    AnnotatorIds: task?.AnnotatorIds ?? [],
    TargetCount: task?.TargetCount ?? 100,
    ExpireDate: task?.ExpireDate ? dayjs(task.ExpireDate) : null,
  };
  const submit = (values: Values) =>
    save.mutate(
      {
        id: task?.Id,
        body: {
          Name: values.Name.trim(),
          AnnotatorIds: values.AnnotatorIds,
          TargetCount: values.TargetCount,
          ExpireDate: values.ExpireDate ? values.ExpireDate.toISOString() : null,
        },
      },
      handlers,
    );
  const current = new Set(task?.AnnotatorIds ?? []);
  const options = (annotators.data?.Items ?? [])
    .filter((annotator) => annotator.IsActive || current.has(annotator.Id))
    .map((annotator) => ({
      value: annotator.Id,
      label: `${annotator.FirstName} ${annotator.LastName} <${annotator.Email}>`,
    }));
  const required = { required: true, message: tCommon('form.required') };
  const future = {
    validator: (_rule: unknown, value: Dayjs | null | undefined) =>
      !value || value.isAfter(dayjs()) || (task?.ExpireDate && value.isSame(dayjs(task.ExpireDate)))
        ? Promise.resolve()
        : Promise.reject(new Error(t('tasks.errors.expirePast'))),
  };
  const mine = task?.Annotators.some((a) => a.UserId !== null && a.UserId === userId);
  return (
    <AdminPage
      title={task ? t('tasks.editTitle', { name: task.Name }) : t('tasks.createTitle')}
      back={{ to: listPath, label: t('tasks.back') }}
      size="medium"
      headerExtra={
        task &&
        mine && (
          <Button type="primary" onClick={() => void navigate(annotatePath(workId, task.Id))}>
            {t('actions.annotate')}
          </Button>
        )
      }
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={taskRefusalField}
        listPath={listPath}
        readOnly={!canManage}
        backLabel={t('tasks.back')}
        footerExtra={
          task && canManage && <DeleteTaskButton task={task} onDeleted={() => void navigate(listPath)} />
        }
      >
        <NameItem label={t('tasks.fields.name')} schema={aiAnnotationTaskSaveSchema.shape.Name} />
        <Form.Item
          name="AnnotatorIds"
          label={t('tasks.fields.annotators')}
          extra={t('tasks.help.annotators')}
          rules={[required]}
        >
          <Select
            mode="multiple"
            maxCount={50}
            loading={annotators.isLoading}
            options={options}
            optionFilterProp="label"
          />
        </Form.Item>
        <Form.Item name="TargetCount" label={t('tasks.fields.targetCount')} rules={[required]}>
          <InputNumber min={1} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item
          name="ExpireDate"
          label={t('tasks.fields.expireDate')}
          extra={t('tasks.help.expireDate')}
          rules={[future]}
        >
          <FormDatePicker
            showTime={{ format: 'HH:mm' }}
            format="DD/MM/YYYY HH:mm"
            disabledDate={(day) => day.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
