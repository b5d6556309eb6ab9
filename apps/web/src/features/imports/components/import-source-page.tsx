import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ErrorCode,
  importColumnMappingSchema,
  importDataSourceSaveSchema,
  type ImportColumnMappingItem,
  type ImportDataSource,
  type ImportDataSourceSave,
} from '@loupe/contracts';
import { Button, Form, Input, Select, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { FormNote, NameItem, RecordForm, useSaveHandlers } from '@/components/admin-page/record-form';
import { RecordLoader, useRouteRecord } from '@/components/admin-page/record-status';
import { fieldOfCode } from '@/components/admin-page/refusal-field';
import { useFilterList } from '@/components/report-filter';
import { useTenantOptions } from '@/api/tenant-options';
import { useBootstrap } from '@/lib/bootstrap';
import { zodRule } from '@/lib/form-rules';
import { useImportSource, useSaveImportSource } from '../api/import-sources';
import { DeleteImportSourceButton } from './delete-import-source-button';
import styles from './imports.module.css';
import { useFieldOptions } from './use-field-labels';

const LIST_PATH = '/import-data-sources';

type Values = Omit<ImportDataSourceSave, 'TenantId' | 'SurveyId' | 'Mapping'> & {
  TenantId?: number;
  SurveyId?: number;
  Mapping: Partial<ImportColumnMappingItem>[];
};

/** 16002 (type field in use) belongs to the type field; 16003 (source in use) shows above the form. */
const fieldOf = fieldOfCode<Values>({ [ErrorCode.ImportTypeFieldInUse]: 'TypeField' });

/** `/import-data-sources/create` and `/import-data-sources/{id}`. */
export function ImportSourcePage() {
  const { t } = useTranslation('imports');
  return (
    <RecordLoader
      query={useRouteRecord(useImportSource)}
      title={t('sources.title')}
      back={{ to: LIST_PATH, label: t('sources.back') }}
      size="medium"
      notFound={t('sources.notFound')}
      loadFailed={t('sources.loadFailed')}
    >
      {(source) => <ImportSourceForm key={source?.Id} source={source} />}
    </RecordLoader>
  );
}

/** Name, type field, default survey, column mapping, approval and active flags. */
function ImportSourceForm({ source }: { source?: ImportDataSource }) {
  const { t } = useTranslation('imports');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveImportSource();
  const surveys = useFilterList('surveys');
  const fields = useFieldOptions();
  // A tenantless operator names the source's tenant (fixed once created); a tenant's user makes its own.
  const operator = useBootstrap().data?.User.TenantId === null;
  const tenants = useTenantOptions(operator);
  const handlers = useSaveHandlers({
    form,
    fieldOf,
    listPath: LIST_PATH,
    savedMessage: (saved: ImportDataSource) => t('sources.saved', { name: saved.Name }),
  });

  const initialValues: Values = {
    TenantId: source?.TenantId,
    Name: source?.Name ?? '',
    TypeField: source?.TypeField ?? '',
    SurveyId: source?.SurveyId ?? undefined,
    Mapping: source?.Mapping ?? [],
    RequiresApproval: source?.RequiresApproval ?? false,
    IsActive: source?.IsActive ?? true,
  };

  const submit = (values: Values) =>
    save.mutate(
      {
        id: source?.Id,
        body: {
          ...(operator && values.TenantId !== undefined ? { TenantId: values.TenantId } : {}),
          Name: values.Name,
          TypeField: values.TypeField,
          SurveyId: values.SurveyId ?? null,
          Mapping: (values.Mapping ?? []).map((item) => ({
            Column: item.Column ?? '',
            Field: item.Field!,
          })),
          RequiresApproval: values.RequiresApproval,
          IsActive: values.IsActive,
        },
      },
      handlers,
    );

  // Each field and each column once (as `importMappingSchema` requires); an empty row is its own fields' problem.
  const mappingRule = {
    validator: (_rule: unknown, mapping: Values['Mapping'] | undefined) => {
      const rows = (mapping ?? []).filter((item) => item.Column?.trim() && item.Field);
      const once = (values: string[]) => new Set(values).size === values.length;
      if (!once(rows.map((item) => item.Field!)))
        return Promise.reject(new Error(t('sources.mapping.duplicateField')));
      if (!once(rows.map((item) => item.Column!.trim().toLowerCase())))
        return Promise.reject(new Error(t('sources.mapping.duplicateColumn')));
      return Promise.resolve();
    },
  };

  return (
    <AdminPage
      title={source ? t('sources.editTitle', { name: source.Name }) : t('sources.createTitle')}
      back={{ to: LIST_PATH, label: t('sources.back') }}
      size="medium"
    >
      <RecordForm<Values>
        form={form}
        initialValues={initialValues}
        onFinish={submit}
        save={save}
        fieldOf={fieldOf}
        listPath={LIST_PATH}
        notes={
          source && source.ImportCount > 0 ? (
            <FormNote type="info" title={tCommon('errorCodes.16003')} />
          ) : undefined
        }
        footerExtra={
          source && <DeleteImportSourceButton record={source} onDeleted={() => void navigate(LIST_PATH)} />
        }
      >
        {operator ? (
          <Form.Item
            name="TenantId"
            label={t('sources.fields.tenant')}
            rules={[{ required: true, message: tCommon('form.required') }]}
          >
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              disabled={source !== undefined}
              loading={tenants.isLoading}
              options={(tenants.data ?? []).map((tenant) => ({ value: tenant.Id, label: tenant.Name }))}
            />
          </Form.Item>
        ) : null}
        <NameItem label={t('sources.fields.name')} schema={importDataSourceSaveSchema.shape.Name} />
        <Form.Item
          name="TypeField"
          label={t('sources.fields.typeField')}
          extra={t('sources.help.typeField')}
          required
          rules={[zodRule(importDataSourceSaveSchema.shape.TypeField, tCommon)]}
        >
          <Input autoComplete="off" maxLength={100} />
        </Form.Item>
        <Form.Item name="SurveyId" label={t('sources.fields.survey')} extra={t('sources.help.survey')}>
          <Select<number>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={surveys.isLoading}
            options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
          />
        </Form.Item>
        <Typography.Text strong>{t('sources.fields.mapping')}</Typography.Text>
        <Form.List name="Mapping" rules={[mappingRule]}>
          {(items, { add, remove }, { errors }) => (
            <div className={styles.section}>
              {items.length === 0 ? (
                <Typography.Paragraph type="secondary">{t('sources.mapping.empty')}</Typography.Paragraph>
              ) : null}
              {items.map((item, index) => {
                const column = (form.getFieldValue(['Mapping', index, 'Column']) as string | undefined) ?? '';
                return (
                  <div key={item.key} className={styles.mappingRow}>
                    <Form.Item
                      name={[item.name, 'Column']}
                      rules={[zodRule(importColumnMappingSchema.shape.Column, tCommon)]}
                    >
                      <Input
                        aria-label={t('sources.mapping.column')}
                        placeholder={t('sources.mapping.column')}
                      />
                    </Form.Item>
                    <Form.Item
                      name={[item.name, 'Field']}
                      rules={[{ required: true, message: tCommon('form.required') }]}
                    >
                      <Select
                        aria-label={t('sources.mapping.field')}
                        placeholder={t('sources.mapping.field')}
                        showSearch={{ optionFilterProp: 'label' }}
                        options={fields}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<DeleteOutlined />}
                      aria-label={t('sources.mapping.remove', { column })}
                      onClick={() => remove(item.name)}
                    />
                  </div>
                );
              })}
              <Form.ErrorList errors={errors} />
              <Button icon={<PlusOutlined />} onClick={() => add({ Column: '', Field: undefined })}>
                {t('sources.mapping.add')}
              </Button>
            </div>
          )}
        </Form.List>
        <Form.Item
          name="RequiresApproval"
          label={t('sources.fields.requiresApproval')}
          valuePropName="checked"
          extra={t('sources.help.requiresApproval')}
        >
          <Switch />
        </Form.Item>
        <Form.Item name="IsActive" label={t('sources.fields.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </RecordForm>
    </AdminPage>
  );
}
