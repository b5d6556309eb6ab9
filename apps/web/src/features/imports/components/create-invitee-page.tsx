import {
  CUSTOM_DATA_KEYS,
  LANGUAGES,
  STAGED_RECORD_STATUS,
  inviteeCreateSchema,
  type InviteeCreate,
  type InviteeCreateAnswer,
  type LookupTreeNode,
} from '@loupe/contracts';
import { Button, Card, Form, Input, InputNumber, Result, Select, Switch, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { RefusalAlert } from '@/components/admin-page/record-form';
import { useFilterList, useFilterTree } from '@/components/report-filter';
import { useCustomDataLabel } from '@/lib/custom-data-label';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useCreateInvitee } from '../api/create-invitee';
import { eliminationReasonLabel } from '../import-labels';
import { refusedFields, type InviteeFormField } from '../invitee-refusals';
import styles from './imports.module.css';

type Values = InviteeCreate;
const FIELDS = Object.keys(inviteeCreateSchema.shape);
const UNCHECKED = new Set<InviteeFormField>(['TransactionDuration', 'InviteeSegments']);

type CodeNode = { value: string; title: string; children: CodeNode[] };

/** A tree of the lookups as a single tree select's options, valued by integration code. */
function byCode(nodes: readonly LookupTreeNode[]): CodeNode[] {
  return nodes.map((node) => ({ value: node.Code, title: node.Name, children: byCode(node.Children) }));
}

/**
 * `/invitee/create`: one invitee typed in (surveys spec §3 create-invitee fields). The lookups give the codes the
 * server checks like REST data (3100–3113: the message goes under its field); afterwards the outcome, moved and
 * invited or eliminated with its reason.
 */
export function CreateInviteePage() {
  const { t } = useTranslation('imports');
  const [outcome, setOutcome] = useState<InviteeCreateAnswer>();
  const [surveyId, setSurveyId] = useState<number>();
  return (
    <AdminPage title={t('create.title')} intro={t('create.intro')} size="large">
      {outcome ? (
        <Outcome outcome={outcome} onAnother={() => setOutcome(undefined)} />
      ) : (
        <InviteeForm
          surveyId={surveyId}
          onCreated={(answer, survey) => {
            setSurveyId(survey);
            setOutcome(answer);
          }}
        />
      )}
    </AdminPage>
  );
}

function InviteeForm({
  surveyId,
  onCreated,
}: {
  surveyId: number | undefined;
  onCreated: (answer: InviteeCreateAnswer, surveyId: number) => void;
}) {
  const { t } = useTranslation('imports');
  const { t: tCommon } = useTranslation();
  const [form] = Form.useForm<Values>();
  const create = useCreateInvitee();
  const surveys = useFilterList('surveys');
  const transactionTypes = useFilterList('transactionTypes');
  const employees = useFilterList('employees');
  const segments = useFilterList('segments');
  const channels = useFilterTree('channels');
  const products = useFilterTree('products');
  const locations = useFilterTree('locations');
  const customDataLabel = useCustomDataLabel();

  const submit = (values: Values) =>
    create.mutate(values, {
      onSuccess: (answer) => onCreated(answer, values.SurveyId),
      onError: (error) => {
        form.setFields(
          refusedFields(error, FIELDS).map(({ field, message }) => ({
            name: field,
            errors: [message ?? errorMessage(error, tCommon)],
          })),
        );
      },
    });

  // The text fields are checked with the route's own schema; an empty one is absent. The duration and the
  // segments are bounded by their controls (an empty number or list is no text to check).
  const rule = (field: InviteeFormField) =>
    UNCHECKED.has(field) ? [] : [zodRule(inviteeCreateSchema.shape[field], tCommon)];
  const item = (field: InviteeFormField, control: React.ReactNode, extra?: string) => (
    <Form.Item
      name={field}
      label={t(`create.fields.${field}` as 'create.fields.SurveyId')}
      rules={rule(field)}
      extra={extra}
    >
      {control}
    </Form.Item>
  );
  const tree = (field: InviteeFormField, nodes: readonly LookupTreeNode[] | undefined, loading: boolean) =>
    item(
      field,
      <TreeSelect
        allowClear
        showSearch={{ treeNodeFilterProp: 'title' }}
        treeData={byCode(nodes ?? [])}
        loading={loading}
      />,
    );
  /** A flat lookup's select, valued by integration code. */
  const codes = (field: InviteeFormField, loading: boolean, options: { value: string; label: string }[]) =>
    item(
      field,
      <Select allowClear showSearch={{ optionFilterProp: 'label' }} loading={loading} options={options} />,
    );
  const section = (title: string) => (
    <Typography.Title level={2} className={`${styles.wide} ${styles.sectionTitle}`}>
      {title}
    </Typography.Title>
  );

  return (
    <Card>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ SurveyId: surveyId, IsTestUser: false }}
        onFinish={submit}
        onValuesChange={() => create.reset()}
        disabled={create.isPending}
        scrollToFirstError
      >
        <RefusalAlert<Values>
          error={create.error}
          fieldOf={(error) => refusedFields(error, FIELDS)[0]?.field}
        />
        <div className={styles.form}>
          {section(t('create.sections.survey'))}
          <Form.Item
            name="SurveyId"
            label={t('create.fields.SurveyId')}
            rules={[{ required: true, message: tCommon('form.required') }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={surveys.isLoading}
              options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
            />
          </Form.Item>
          {item(
            'InviteeLanguage',
            <Select
              allowClear
              options={LANGUAGES.map((language) => ({ value: language.code, label: language.name }))}
            />,
          )}
          <Form.Item
            name="IsTestUser"
            label={t('create.fields.IsTestUser')}
            valuePropName="checked"
            extra={t('create.help.IsTestUser')}
          >
            <Switch />
          </Form.Item>

          {section(t('create.sections.contact'))}
          {item('InviteeFullName', <Input autoComplete="off" maxLength={200} />)}
          {item(
            'InviteeEmail',
            <Input type="email" autoComplete="off" maxLength={254} />,
            t('create.help.contact'),
          )}
          {item('InviteeMSISDN', <Input type="tel" autoComplete="off" maxLength={16} />)}
          {item('InviteeHomeTel', <Input type="tel" autoComplete="off" maxLength={50} />)}
          {item('InviteeWorkTel', <Input type="tel" autoComplete="off" maxLength={50} />)}

          {section(t('create.sections.transaction'))}
          {tree('InviteeLocation', locations.data, locations.isLoading)}
          {codes(
            'TransactionType',
            transactionTypes.isLoading,
            (transactionTypes.data ?? []).map((type) => ({ value: type.Code, label: type.Name })),
          )}
          {tree('TransactionProduct', products.data, products.isLoading)}
          {tree('TransactionChannel', channels.data, channels.isLoading)}
          {codes(
            'Employee',
            employees.isLoading,
            (employees.data ?? []).map((employee) => ({ value: employee.Code, label: employee.FullName })),
          )}
          {item('TransactionDuration', <InputNumber min={0} precision={0} className={styles.fieldSelect} />)}

          {section(t('create.sections.segmentation'))}
          <div className={styles.wide}>
            {item(
              'InviteeSegments',
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                loading={segments.isLoading}
                options={(segments.data ?? []).map((group) => ({
                  label: group.Name,
                  title: group.Name,
                  options: group.Children.map((segment) => ({
                    value: `${group.Code};${segment.Code}`,
                    label: segment.Name,
                  })),
                }))}
              />,
            )}
          </div>

          {section(t('create.sections.customData'))}
          {CUSTOM_DATA_KEYS.map((key) => (
            <Form.Item key={key} name={key} label={customDataLabel(key)} rules={rule(key)}>
              <Input autoComplete="off" maxLength={4000} />
            </Form.Item>
          ))}

          {section(t('create.sections.details'))}
          <div className={styles.wide}>
            {item('Details', <Input.TextArea rows={3} maxLength={4000} showCount />)}
          </div>
        </div>
        <div className={styles.buttons}>
          <Button type="primary" htmlType="submit" loading={create.isPending}>
            {t('create.save')}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

/** What became of the invitee: moved (and how many invitations) or eliminated, with its reason. */
function Outcome({ outcome, onAnother }: { outcome: InviteeCreateAnswer; onAnother: () => void }) {
  const { t, i18n } = useTranslation('imports');
  const moved = outcome.Status === STAGED_RECORD_STATUS.Moved;
  const actions = [
    <Button key="another" type="primary" onClick={onAnother}>
      {t('create.outcome.another')}
    </Button>,
    <Link key="pool" to="/invitee-pool">
      {t('create.outcome.pool')}
    </Link>,
  ];
  if (moved)
    return (
      <Result
        status="success"
        title={t('create.outcome.moved', { id: outcome.InviteeId })}
        subTitle={
          outcome.InvitationCount > 0
            ? t('create.outcome.invited', { count: outcome.InvitationCount })
            : t('create.outcome.notInvited')
        }
        extra={actions}
      />
    );
  return (
    <Result
      status="warning"
      title={t('create.outcome.removed')}
      subTitle={
        outcome.EliminationReason === null
          ? undefined
          : t('create.outcome.reason', {
              reason: eliminationReasonLabel(outcome.EliminationReason, i18n.language),
            })
      }
      extra={actions}
    />
  );
}
