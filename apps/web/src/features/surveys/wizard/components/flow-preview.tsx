import { isMatrixQuestionType } from '@loupe/contracts';
import { Card, Checkbox, Empty, Input, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useQuestionDetails } from '../api/library-questions';
import { pagesOf, type FlowDraft } from '../flow-model';

/** A read-only render of the flow's pages as a respondent would page through them. */
export function FlowPreview({ flow, onClose }: { flow: FlowDraft; onClose: () => void }) {
  const { t } = useTranslation('surveys');
  const details = useQuestionDetails(flow.Questions.map((question) => question.QuestionId));
  const pages = pagesOf(flow.Questions);

  return (
    <Modal
      open
      title={t('wizard.flow.preview.title', { name: flow.Name })}
      onCancel={onClose}
      footer={null}
      width={720}
    >
      {pages.length === 0 && <Empty description={t('wizard.flow.noQuestions')} />}
      {pages.map((page, pageIndex) => (
        <Card
          key={pageIndex}
          size="small"
          title={t('wizard.flow.preview.page', { page: pageIndex + 1, count: pages.length })}
          style={{ marginBlockEnd: 12 }}
        >
          <Space direction="vertical" style={{ inlineSize: '100%' }}>
            {page.map((question) => {
              const detail = details.get(question.QuestionId);
              const choices = (detail?.Choices ?? []).filter((choice) => !choice.IsDeleted);
              const type = question.QuestionTypeName;
              return (
                <div key={question.QuestionId}>
                  <Typography.Text strong>{question.Text}</Typography.Text>
                  {question.DisplayLogic && (
                    <Typography.Text type="secondary"> · {t('wizard.flow.conditional')}</Typography.Text>
                  )}
                  <div>
                    {type === 'OETX' && <Input.TextArea disabled rows={2} />}
                    {type === 'MCSS' && (
                      <Radio.Group
                        disabled
                        options={choices.map((c) => ({ value: c.Value, label: c.Label }))}
                      />
                    )}
                    {type === 'MCMS' && (
                      <Checkbox.Group
                        disabled
                        options={choices.map((c) => ({ value: c.Value, label: c.Label }))}
                      />
                    )}
                    {isMatrixQuestionType(type) &&
                      (detail?.SubQuestions ?? []).map((sub) => (
                        <div key={sub.Id}>
                          <Typography.Text>{sub.Text}</Typography.Text>{' '}
                          <Radio.Group
                            disabled
                            options={choices.map((c) => ({ value: c.Value, label: c.Label }))}
                          />
                        </div>
                      ))}
                  </div>
                </div>
              );
            })}
          </Space>
        </Card>
      ))}
    </Modal>
  );
}
