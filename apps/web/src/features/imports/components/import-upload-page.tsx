import { InboxOutlined } from '@ant-design/icons';
import { ErrorCode, IMPORT_LIMITS, type ImportPreview } from '@loupe/contracts';
import { Alert, Button, Card, Checkbox, Form, Select, Steps, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AdminPage } from '@/components/admin-page/admin-page';
import { useFilterList } from '@/components/report-filter';
import { errorMessage } from '@/lib/error-message';
import { useImportSourceOptions } from '../api/import-sources';
import { usePreviewImport, useUploadImport } from '../api/upload-import';
import { mappingOf, mappingProblem, prefillMapping, type MappingRow } from '../column-mapping';
import { IMPORT_FILE_ACCEPT, importFileRefusal } from '../import-file';
import styles from './imports.module.css';
import { MappingTable } from './mapping-table';

/**
 * `/import-data-logs/create`: the survey, an optional import source and the file (checked here for its name,
 * by the server for its bytes: 15001–15004), then the column mapping prefilled from the source's saved mapping
 * or the heading names, then the upload; the new import's page follows its progress.
 */
export function ImportUploadPage() {
  const { t } = useTranslation('imports');
  const { t: tCommon } = useTranslation();
  const navigate = useNavigate();
  const surveys = useFilterList('surveys');
  const sources = useImportSourceOptions();
  const preview = usePreviewImport();
  const upload = useUploadImport();

  const [surveyId, setSurveyId] = useState<number>();
  const [sourceId, setSourceId] = useState<number>();
  const [file, setFile] = useState<File>();
  const [fileProblem, setFileProblem] = useState<string>();
  const [tried, setTried] = useState(false);
  const [step, setStep] = useState(0);
  const [rows, setRows] = useState<MappingRow[]>([]);
  const [samples, setSamples] = useState<string[][]>([]);
  const [saveMapping, setSaveMapping] = useState(false);

  const source = sources.data?.find((item) => item.Id === sourceId);
  const problem = mappingProblem(rows);

  const chooseFile = (chosen: File) => {
    const refusal =
      importFileRefusal(chosen.name) ??
      (chosen.size > IMPORT_LIMITS.fileBytesMax ? ErrorCode.PayloadTooLarge : null);
    preview.reset();
    if (refusal !== null) {
      setFile(undefined);
      setFileProblem(tCommon(`errorCodes.${refusal}` as 'errorCodes.500'));
    } else {
      setFile(chosen);
      setFileProblem(undefined);
    }
    // Nothing is sent until Next.
    return Upload.LIST_IGNORE;
  };

  const next = () => {
    setTried(true);
    if (surveyId === undefined || file === undefined) return;
    preview.mutate(
      { file, importDataSourceId: sourceId },
      {
        onSuccess: (answer: ImportPreview) => {
          setRows(
            prefillMapping({
              headers: answer.Headers,
              saved: source?.Mapping,
              suggested: answer.SuggestedMapping,
            }),
          );
          setSamples(answer.Rows);
          setStep(1);
        },
      },
    );
  };

  const start = () => {
    if (surveyId === undefined || file === undefined || problem !== null) return;
    upload.mutate(
      { file, surveyId, importDataSourceId: sourceId, mapping: mappingOf(rows), saveMapping },
      { onSuccess: (answer) => void navigate(`/import-data-logs/${answer.Id}`) },
    );
  };

  return (
    <AdminPage
      title={t('upload.title')}
      intro={t('upload.intro')}
      back={{ to: '/import-data-logs', label: t('detail.back') }}
      size="large"
    >
      <Steps
        className={styles.section}
        current={step}
        items={[
          { title: t('upload.steps.file') },
          { title: t('upload.steps.mapping') },
          { title: t('upload.steps.import') },
        ]}
      />
      {step === 0 ? (
        <Card>
          <Form layout="vertical" component="div" disabled={preview.isPending}>
            <Form.Item
              label={t('upload.survey')}
              htmlFor="import-survey"
              required
              validateStatus={tried && surveyId === undefined ? 'error' : undefined}
              help={tried && surveyId === undefined ? t('upload.surveyRequired') : undefined}
            >
              <Select<number>
                id="import-survey"
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('upload.surveyPlaceholder')}
                loading={surveys.isLoading}
                options={(surveys.data ?? []).map((survey) => ({ value: survey.Id, label: survey.Title }))}
                value={surveyId}
                onChange={setSurveyId}
              />
            </Form.Item>
            <Form.Item label={t('upload.source')} htmlFor="import-source" extra={t('upload.sourceHelp')}>
              <Select<number>
                id="import-source"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('upload.sourcePlaceholder')}
                loading={sources.isLoading}
                options={(sources.data ?? []).map((item) => ({ value: item.Id, label: item.Name }))}
                value={sourceId}
                onChange={(id?: number) => {
                  setSourceId(id);
                  const chosen = sources.data?.find((item) => item.Id === id);
                  if (chosen?.SurveyId != null && surveyId === undefined) setSurveyId(chosen.SurveyId);
                }}
              />
            </Form.Item>
            <Form.Item
              label={t('upload.file')}
              required
              validateStatus={fileProblem || (tried && !file) || preview.isError ? 'error' : undefined}
              help={
                fileProblem ??
                (preview.isError
                  ? errorMessage(preview.error, tCommon)
                  : tried && !file
                    ? t('upload.fileRequired')
                    : undefined)
              }
            >
              <Upload.Dragger
                accept={IMPORT_FILE_ACCEPT}
                multiple={false}
                showUploadList={false}
                beforeUpload={chooseFile}
              >
                <p className="ant-upload-drag-icon">
                  <InboxOutlined aria-hidden />
                </p>
                <p className="ant-upload-text">{t('upload.dragText')}</p>
                <p className="ant-upload-hint">{t('upload.dragHint')}</p>
              </Upload.Dragger>
              {file ? (
                <Typography.Text strong>
                  {t('upload.chosen', { name: file.name, size: Math.max(1, Math.round(file.size / 1024)) })}
                </Typography.Text>
              ) : null}
            </Form.Item>
            <div className={styles.buttons}>
              <Button type="primary" onClick={next} loading={preview.isPending}>
                {t('upload.next')}
              </Button>
            </div>
          </Form>
        </Card>
      ) : (
        <Card
          title={
            <Typography.Title level={2} className={styles.cardTitle}>
              {t('upload.mapping.title')}
            </Typography.Title>
          }
        >
          <Typography.Paragraph type="secondary">{t('upload.mapping.intro')}</Typography.Paragraph>
          <MappingTable rows={rows} samples={samples} onChange={setRows} />
          {source ? (
            <Checkbox
              className={styles.section}
              checked={saveMapping}
              onChange={(event) => setSaveMapping(event.target.checked)}
            >
              {t('upload.mapping.saveToSource')}
            </Checkbox>
          ) : null}
          {problem ? <Alert type="warning" showIcon title={t(`upload.mapping.${problem}`)} /> : null}
          {upload.isError ? (
            <Alert type="error" showIcon title={errorMessage(upload.error, tCommon)} />
          ) : null}
          <div className={styles.buttons}>
            <Button onClick={() => setStep(0)} disabled={upload.isPending}>
              {t('upload.back')}
            </Button>
            <Button type="primary" onClick={start} loading={upload.isPending} disabled={problem !== null}>
              {t('upload.start')}
            </Button>
          </div>
        </Card>
      )}
    </AdminPage>
  );
}
