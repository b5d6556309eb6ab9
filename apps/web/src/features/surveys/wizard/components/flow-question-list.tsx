import { CopyOutlined, DeleteOutlined, HolderOutlined, NodeIndexOutlined } from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Checkbox, Empty, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { moveQuestion, type FlowQuestionDraft } from '../flow-model';
import styles from './wizard.module.css';

type Props = {
  questions: FlowQuestionDraft[];
  onChange: (questions: FlowQuestionDraft[]) => void;
  onDisplayLogic: (index: number) => void;
  onClone: (question: FlowQuestionDraft) => void;
  onRemove: (question: FlowQuestionDraft) => void;
  cloning: boolean;
};

/**
 * The flow's questions in order: dragged by the handle with the mouse, or with the keyboard (Space lifts, the
 * arrows move, Space drops, Escape cancels), each move announced to screen readers in the user's language.
 */
export function FlowQuestionList({ questions, onChange, onDisplayLogic, onClone, onRemove, cloning }: Props) {
  const { t } = useTranslation('surveys');
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = questions.map((question) => question.QuestionId);
  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  const textOf = (id: UniqueIdentifier) => questions.find((q) => q.QuestionId === Number(id))?.Text ?? '';

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      t('wizard.flow.dnd.picked', {
        text: textOf(active.id),
        position: position(active.id),
        count: ids.length,
      }),
    onDragOver: ({ active, over }) =>
      over ? t('wizard.flow.dnd.over', { text: textOf(active.id), position: position(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('wizard.flow.dnd.dropped', { text: textOf(active.id), position: position(over.id) })
        : undefined,
    onDragCancel: ({ active }) => t('wizard.flow.dnd.cancelled', { text: textOf(active.id) }),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onChange(moveQuestion(questions, ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id))));
  };

  if (questions.length === 0) return <Empty description={t('wizard.flow.noQuestions')} />;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: t('wizard.flow.dnd.instructions') },
      }}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ol
          className={styles.questionList}
          aria-label={t('wizard.flow.questionList')}
          style={{ paddingInlineStart: 0, listStyle: 'none' }}
        >
          {questions.map((question, index) => (
            <SortableQuestion
              key={question.QuestionId}
              index={index}
              question={question}
              onPageBreak={(PageBreakAfter) =>
                onChange(questions.map((q, i) => (i === index ? { ...q, PageBreakAfter } : q)))
              }
              onDisplayLogic={() => onDisplayLogic(index)}
              onClone={() => onClone(question)}
              onRemove={() => onRemove(question)}
              cloning={cloning}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableQuestion({
  index,
  question,
  onPageBreak,
  onDisplayLogic,
  onClone,
  onRemove,
  cloning,
}: {
  index: number;
  question: FlowQuestionDraft;
  onPageBreak: (on: boolean) => void;
  onDisplayLogic: () => void;
  onClone: () => void;
  onRemove: () => void;
  cloning: boolean;
}) {
  const { t } = useTranslation('surveys');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: question.QuestionId,
    });
  const text = question.Text;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition, opacity: isDragging ? 0.6 : 1 }}
    >
      <div className={styles.questionRow} data-testid="flow-question">
        <Button
          ref={setActivatorNodeRef}
          type="text"
          size="small"
          className={styles.dragHandle}
          icon={<HolderOutlined />}
          aria-label={t('wizard.flow.move', { text })}
          {...attributes}
          {...listeners}
        />
        <span className={styles.questionText}>
          {index + 1}. {text} <Tag>{question.QuestionTypeName}</Tag>
          {question.IsMeasurement && <Tag color="gold">{t('wizard.flow.measurement')}</Tag>}
          {question.DisplayLogic && <Tag color="purple">{t('wizard.flow.conditional')}</Tag>}
        </span>
        <Checkbox checked={question.PageBreakAfter} onChange={(event) => onPageBreak(event.target.checked)}>
          {t('wizard.flow.pageBreak')}
        </Checkbox>
        <Tooltip title={t('wizard.flow.displayLogic')}>
          <Button
            size="small"
            icon={<NodeIndexOutlined />}
            aria-label={t('wizard.flow.displayLogicOf', { text })}
            disabled={index === 0}
            onClick={onDisplayLogic}
          />
        </Tooltip>
        <Tooltip title={t('wizard.flow.clone')}>
          <Button
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('wizard.flow.cloneOf', { text })}
            loading={cloning}
            onClick={onClone}
          />
        </Tooltip>
        <Tooltip title={t('wizard.flow.remove')}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('wizard.flow.removeOf', { text })}
            onClick={onRemove}
          />
        </Tooltip>
      </div>
      {question.PageBreakAfter && (
        <div className={styles.pageBreak} role="separator" aria-label={t('wizard.flow.pageBreak')} />
      )}
    </li>
  );
}
