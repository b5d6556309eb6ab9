import { EyeOutlined, PlusOutlined, ReadOutlined } from '@ant-design/icons';
import { SURVEY_LIMITS, type QuestionDetail, type QuestionRow } from '@loupe/contracts';
import { Alert, App, Button, Card, Input, Space, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '@/lib/error-message';
import { useCloneQuestion } from '../api/library-questions';
import {
  addRefusal,
  earlierQuestions,
  flowDraftsOf,
  flowSaves,
  removeQuestion,
  type FlowDraft,
  type FlowQuestionDraft,
} from '../flow-model';
import { CreateQuestionDrawer } from './create-question-drawer';
import { DisplayLogicDialog } from './display-logic-dialog';
import { FlowPreview } from './flow-preview';
import { FlowQuestionList } from './flow-question-list';
import { QuestionPicker } from './question-picker';
import { StepFooter, StepRefusal, useStepSave, type StepProps } from './step-frame';
import styles from './wizard.module.css';

function draftOf(question: QuestionRow | QuestionDetail): FlowQuestionDraft {
  return {
    QuestionId: question.Id,
    Text: question.Text,
    QuestionTypeName: question.QuestionTypeName,
    ExperienceId: question.ExperienceId,
    IsMeasurement: 'IsMeasurement' in question ? question.IsMeasurement : false,
    PageBreakAfter: false,
    DisplayLogic: null,
  };
}

/** Step 2, flow design: the flows and, in each, the ordered questions with page breaks and display logic. */
export function FlowStep({ survey, onSaved, onBack }: StepProps) {
  const { t } = useTranslation('surveys');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [flows, setFlows] = useState<FlowDraft[]>(() => flowDraftsOf(survey, t('wizard.flow.defaultName')));
  const [activeKey, setActiveKey] = useState(flows[0]?.key ?? '');
  const [picking, setPicking] = useState(false);
  const [creating, setCreating] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const [logicIndex, setLogicIndex] = useState<number | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const step = useStepSave('Flow', survey, onSaved);
  const clone = useCloneQuestion();

  const flow = flows.find((candidate) => candidate.key === activeKey) ?? flows[0];
  if (!flow) return null;
  const placed = new Set(flows.flatMap((f) => f.Questions.map((q) => q.QuestionId)));

  const update = (patch: Partial<FlowDraft>) =>
    setFlows((current) => current.map((f) => (f.key === flow.key ? { ...f, ...patch } : f)));

  const add = (questions: FlowQuestionDraft[]) => {
    let next = flow.Questions;
    for (const question of questions) {
      const refusal = addRefusal(flows, { ...flow, Questions: next }, question);
      if (refusal) {
        setNotice(t(`wizard.flow.refusals.${refusal}`, { text: question.Text }));
        continue;
      }
      next = [...next, question];
    }
    update({ Questions: next });
  };

  const addFlow = () => {
    const key = `new-${Date.now()}`;
    setFlows((current) => [
      ...current,
      {
        key,
        Name: t('wizard.flow.newFlowName', { number: current.length + 1 }),
        IsActive: true,
        Questions: [],
      },
    ]);
    setActiveKey(key);
  };

  const cloneQuestion = (question: FlowQuestionDraft) =>
    clone.mutate(question.QuestionId, {
      onSuccess: (copy) => {
        add([draftOf(copy)]);
        void message.success(t('wizard.flow.cloned', { text: copy.Text }));
      },
      onError: (error) => setNotice(errorMessage(error, tc)),
    });

  const logicQuestion = logicIndex === undefined ? undefined : flow.Questions[logicIndex];

  return (
    <div>
      <StepRefusal error={step.refusal} field={step.field} />
      {notice && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setNotice(undefined)}
          message={notice}
          role="alert"
        />
      )}
      <Typography.Paragraph type="secondary">
        {t('wizard.flow.limits', {
          flows: flows.length,
          flowsMax: SURVEY_LIMITS.flowsMax,
          questions: flow.Questions.length,
          questionsMax: SURVEY_LIMITS.questionsPerFlowMax,
        })}
      </Typography.Paragraph>
      <Tabs
        activeKey={flow.key}
        onChange={setActiveKey}
        items={flows.map((f) => ({
          key: f.key,
          label: f.IsActive ? f.Name : `${f.Name} (${t('wizard.flow.inactive')})`,
        }))}
        tabBarExtraContent={
          <Button icon={<PlusOutlined />} onClick={addFlow} disabled={flows.length >= SURVEY_LIMITS.flowsMax}>
            {t('wizard.flow.addFlow')}
          </Button>
        }
      />
      <Card size="small" className={styles.card}>
        <Space wrap>
          <label htmlFor="flow-name">{t('wizard.flow.name')}</label>
          <Input
            id="flow-name"
            value={flow.Name}
            maxLength={SURVEY_LIMITS.titleMax}
            onChange={(event) => update({ Name: event.target.value })}
            style={{ inlineSize: 260 }}
          />
          <Switch
            checked={flow.IsActive}
            onChange={(IsActive) => update({ IsActive })}
            aria-label={t('wizard.flow.active')}
          />
          <span>{t('wizard.flow.active')}</span>
        </Space>
      </Card>
      <Space wrap style={{ marginBlockEnd: 12 }}>
        <Button icon={<ReadOutlined />} onClick={() => setPicking(true)}>
          {t('wizard.flow.fromLibrary')}
        </Button>
        <Button icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('wizard.flow.createQuestion')}
        </Button>
        <Button
          icon={<EyeOutlined />}
          onClick={() => setPreviewing(true)}
          disabled={flow.Questions.length === 0}
        >
          {t('wizard.flow.preview.open')}
        </Button>
      </Space>
      <FlowQuestionList
        questions={flow.Questions}
        onChange={(Questions) => update({ Questions })}
        onDisplayLogic={setLogicIndex}
        onClone={cloneQuestion}
        onRemove={(question) => update({ Questions: removeQuestion(flow.Questions, question.QuestionId) })}
        cloning={clone.isPending}
      />
      <QuestionPicker
        open={picking}
        onClose={() => setPicking(false)}
        placedIds={placed}
        onPick={(rows) => add(rows.map(draftOf))}
      />
      <CreateQuestionDrawer
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(question) => {
          setCreating(false);
          add([draftOf(question)]);
        }}
      />
      {previewing && <FlowPreview flow={flow} onClose={() => setPreviewing(false)} />}
      {logicQuestion && logicIndex !== undefined && (
        <DisplayLogicDialog
          question={logicQuestion}
          earlier={earlierQuestions(flow.Questions, logicIndex)}
          onClose={() => setLogicIndex(undefined)}
          onSave={(DisplayLogic) => {
            update({
              Questions: flow.Questions.map((q, i) => (i === logicIndex ? { ...q, DisplayLogic } : q)),
            });
            setLogicIndex(undefined);
          }}
        />
      )}
      <StepFooter
        onBack={onBack}
        pending={step.pending}
        onNext={() => step.save({ Flows: flowSaves(flows) })}
      />
    </div>
  );
}
