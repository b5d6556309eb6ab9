import { DeleteOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
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
import { QUESTION_LIMITS } from '@loupe/contracts';
import { Button, Checkbox, Form, Input, InputNumber, Typography, type FormListFieldData } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  choicesProblem,
  duplicateValueIndexes,
  nextChoiceValue,
  type ChoiceValues,
  type QuestionValues,
} from '../question-values';
import { ChoiceImageField } from './choice-image-field';
import { ListErrors, useListRule } from './list-errors';
import styles from './question-form.module.css';

type ChoiceRowProps = {
  field: FormListFieldData;
  position: number;
  withImage: boolean;
  onRemove: () => void;
};

/** One choice: its drag handle, label, value, deleted flag, picture (Image type) and remove button. */
function ChoiceRow({ field, position, withImage, onRemove }: ChoiceRowProps) {
  const { t } = useTranslation('questions');
  const { t: tCommon } = useTranslation();
  const form = Form.useFormInstance<QuestionValues>();
  const choice = Form.useWatch(['Choices', field.name], { form, preserve: true }) as ChoiceValues | undefined;
  const answered = (choice?.AnswerCount ?? 0) > 0;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: field.key });
  return (
    <li
      ref={setNodeRef}
      className={isDragging ? `${styles.choiceRow} ${styles.dragging}` : styles.choiceRow}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      <button
        type="button"
        ref={setActivatorNodeRef}
        className={styles.handle}
        aria-label={t('choices.dragHandle', { position })}
        {...attributes}
        {...listeners}
      >
        <HolderOutlined aria-hidden="true" />
      </button>
      <Form.Item
        name={[field.name, 'Label']}
        className={styles.grow}
        rules={[{ required: true, whitespace: true, message: tCommon('form.required') }]}
      >
        <Input
          aria-label={t('choices.labelOf', { position })}
          placeholder={t('choices.label')}
          maxLength={QUESTION_LIMITS.choiceLabelMax}
        />
      </Form.Item>
      <Form.Item
        name={[field.name, 'Value']}
        className={styles.value}
        extra={answered ? t('choices.answered', { count: choice?.AnswerCount ?? 0 }) : undefined}
        rules={[
          { required: true, message: tCommon('form.required') },
          ({ getFieldValue }) => ({
            validator: (_rule, value: number | null) => {
              const choices = (getFieldValue('Choices') ?? []) as ChoiceValues[];
              return value !== null && duplicateValueIndexes(choices).has(field.name)
                ? Promise.reject(new Error(tCommon('errorCodes.4012')))
                : Promise.resolve();
            },
          }),
        ]}
      >
        <InputNumber
          aria-label={t('choices.valueOf', { position })}
          placeholder={t('choices.value')}
          precision={0}
          min={-2_147_483_648}
          max={2_147_483_647}
          readOnly={answered}
        />
      </Form.Item>
      {withImage && (
        <Form.Item name={[field.name, 'Image']} className={styles.image}>
          <ChoiceImageField position={position} imageUrl={choice?.ImageUrl ?? null} />
        </Form.Item>
      )}
      <Form.Item name={[field.name, 'IsDeleted']} valuePropName="checked" className={styles.flag}>
        <Checkbox aria-label={t('choices.deletedOf', { position })}>{t('choices.deleted')}</Checkbox>
      </Form.Item>
      <Button
        type="text"
        danger
        icon={<DeleteOutlined aria-hidden="true" />}
        aria-label={t('choices.remove', { position })}
        title={t('choices.remove', { position })}
        disabled={answered}
        onClick={onRemove}
      />
    </li>
  );
}

/**
 * The choices of a question (Form.List `Choices`): ordered by dragging a row's handle with the pointer or the
 * keyboard (space, arrows, space), each with a label, a unique value, the deleted flag and, for the Image type,
 * a picture. The list's count rules (4010, 4011) show under it.
 */
export function ChoicesEditor({ withImage, matrix }: { withImage: boolean; matrix: boolean }) {
  const { t } = useTranslation('questions');
  const form = Form.useFormInstance<QuestionValues>();
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  return (
    <Form.List name="Choices" rules={[useListRule(choicesProblem)]}>
      {(fields, { add, remove, move }, { errors }) => {
        const keys = fields.map((field) => field.key);
        const positionOf = (id: UniqueIdentifier | undefined) => keys.indexOf(Number(id)) + 1;
        const announcements: Announcements = {
          onDragStart: ({ active }) => t('choices.picked', { position: positionOf(active.id) }),
          // Over its own place (the start of a drag) the "picked up" words stay.
          onDragOver: ({ active, over }) =>
            over && over.id !== active.id
              ? t('choices.over', { position: positionOf(active.id), over: positionOf(over.id) })
              : undefined,
          onDragEnd: ({ active, over }) =>
            over
              ? t('choices.dropped', { position: positionOf(active.id), over: positionOf(over.id) })
              : undefined,
          onDragCancel: ({ active }) => t('choices.cancelled', { position: positionOf(active.id) }),
        };
        const onDragEnd = ({ active, over }: DragEndEvent) => {
          if (!over || active.id === over.id) return;
          move(keys.indexOf(Number(active.id)), keys.indexOf(Number(over.id)));
        };
        const max = matrix ? QUESTION_LIMITS.matrixChoicesMax : QUESTION_LIMITS.choicesMax;
        return (
          <div className={styles.list}>
            {fields.length === 0 && <Typography.Text type="secondary">{t('choices.empty')}</Typography.Text>}
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{
                announcements,
                screenReaderInstructions: { draggable: t('choices.dragInstructions') },
              }}
            >
              <SortableContext items={keys} strategy={verticalListSortingStrategy}>
                <ol className={styles.rows} aria-label={t('fields.choices')}>
                  {fields.map((field, index) => (
                    <ChoiceRow
                      key={field.key}
                      field={field}
                      position={index + 1}
                      withImage={withImage}
                      onRemove={() => remove(field.name)}
                    />
                  ))}
                </ol>
              </SortableContext>
            </DndContext>
            <ListErrors errors={errors} />
            <Button
              icon={<PlusOutlined aria-hidden="true" />}
              disabled={fields.length >= max}
              onClick={() =>
                add({
                  Label: '',
                  Value: nextChoiceValue((form.getFieldValue('Choices') ?? []) as ChoiceValues[]),
                  IsDeleted: false,
                  ImageUrl: null,
                  AnswerCount: 0,
                } satisfies ChoiceValues)
              }
            >
              {t('choices.add')}
            </Button>
          </div>
        );
      }}
    </Form.List>
  );
}
