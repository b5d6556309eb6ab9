import { surveyLinkSaveSchema, type SurveyLink, type SurveyLinkSave } from '@loupe/contracts';
import { Alert, App, Form, Input, Modal, Radio, Switch, TreeSelect, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useSaveSurveyLink } from '../api/save-survey-link';
import type { BranchOption } from './use-branches';
import { useOpenFocus } from '@/lib/use-open-focus';

const FREQUENCIES = [1, 2, 3] as const;

type Values = {
  Name: string;
  TransactionChannelId: number | null | undefined;
  PresentationFrequency: 1 | 2 | 3;
  IsActive: boolean;
};

const initialValues = (link: SurveyLink | undefined): Values => ({
  Name: link?.Name ?? '',
  TransactionChannelId: link?.TransactionChannelId ?? null,
  PresentationFrequency: link?.PresentationFrequency ?? 1,
  IsActive: link?.IsActive ?? true,
});

/**
 * Creates or edits one survey link: name, branch, presentation frequency, active. The form checks the name with the
 * route's own schema (`surveyLinkSaveSchema`), and the whole body is parsed by it before it is sent.
 */
export function SurveyLinkDialog({
  surveyId,
  link,
  branches,
  onClose,
}: {
  surveyId: number;
  /** The link to edit; none: a new one. */
  link: SurveyLink | undefined;
  branches: { tree: BranchOption[]; loading: boolean };
  onClose: () => void;
}) {
  const { t } = useTranslation('surveyLinks');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const nameRef = useOpenFocus<InputRef>();
  const save = useSaveSurveyLink();

  const submit = (values: Values) => {
    const body: SurveyLinkSave = surveyLinkSaveSchema.parse({
      ...values,
      TransactionChannelId: values.TransactionChannelId ?? null,
    });
    save.mutate(
      { surveyId, ...(link ? { linkId: link.Id } : {}), body },
      {
        onSuccess: () => {
          void message.success(t('saved'));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t(link ? 'dialog.edit' : 'dialog.create')}
      okText={t('dialog.save')}
      cancelText={t('dialog.cancel')}
      okButtonProps={{ loading: save.isPending, htmlType: 'submit', form: 'survey-link-form' }}
      onCancel={onClose}
      destroyOnHidden
    >
      {save.error && <Alert type="error" showIcon role="alert" message={errorMessage(save.error, tc)} />}
      <Form<Values>
        id="survey-link-form"
        form={form}
        layout="vertical"
        initialValues={initialValues(link)}
        onFinish={submit}
      >
        <Form.Item
          name="Name"
          label={t('dialog.name')}
          required
          rules={[zodRule(surveyLinkSaveSchema.shape.Name, tc)]}
          htmlFor="survey-link-name"
        >
          <Input id="survey-link-name" maxLength={200} ref={nameRef} />
        </Form.Item>
        <Form.Item name="TransactionChannelId" label={t('dialog.branch')} htmlFor="survey-link-branch">
          <TreeSelect
            id="survey-link-branch"
            allowClear
            showSearch
            treeNodeFilterProp="title"
            loading={branches.loading}
            treeData={branches.tree}
            placeholder={t('dialog.branchPlaceholder')}
            popupMatchSelectWidth={false}
            styles={{ popup: { root: { maxBlockSize: '50vh', maxInlineSize: 370, overflow: 'auto' } } }}
          />
        </Form.Item>
        <Form.Item name="PresentationFrequency" label={t('dialog.frequency')}>
          <Radio.Group
            options={FREQUENCIES.map((value) => ({
              value,
              label: t(`frequency.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="IsActive"
          label={t('dialog.active')}
          valuePropName="checked"
          htmlFor="survey-link-active"
        >
          <Switch id="survey-link-active" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
