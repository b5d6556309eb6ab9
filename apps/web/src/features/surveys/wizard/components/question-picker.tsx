import { Modal, Select, Tag, Typography } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LIBRARY_PICKER_SIZE, useLibraryQuestions } from '../api/library-questions';
import type { QuestionRow } from '@loupe/contracts';

/**
 * "Add from the library": a searchable list of the tenant's questions (`GET /api/questions`); one placed in
 * another survey is added as a copy by the server.
 */
export function QuestionPicker({
  open,
  onClose,
  onPick,
  placedIds,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (rows: QuestionRow[]) => void;
  placedIds: ReadonlySet<number>;
}) {
  const { t } = useTranslation('surveys');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const term = useDeferredValue(search);
  const library = useLibraryQuestions(term, open);
  const rows = library.data?.Items ?? [];

  const close = () => {
    setChosen([]);
    setSearch('');
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('wizard.flow.library.title')}
      okText={t('wizard.flow.library.add')}
      cancelText={t('wizard.cancel')}
      okButtonProps={{ disabled: chosen.length === 0 }}
      onOk={() => {
        onPick(rows.filter((row) => chosen.includes(row.Id)));
        close();
      }}
      onCancel={close}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">
        {t('wizard.flow.library.intro', { count: LIBRARY_PICKER_SIZE })}
      </Typography.Paragraph>
      <Select<number[]>
        mode="multiple"
        style={{ inlineSize: '100%' }}
        aria-label={t('wizard.flow.library.search')}
        placeholder={t('wizard.flow.library.search')}
        showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
        loading={library.isFetching}
        value={chosen}
        onChange={setChosen}
        notFoundContent={t('wizard.flow.library.none')}
        options={rows.map((row) => ({
          value: row.Id,
          disabled: placedIds.has(row.Id),
          label: row.Text,
          row,
        }))}
        optionRender={(option) => {
          const row = (option.data as { row: QuestionRow }).row;
          return (
            <span>
              {row.Text} <Tag>{row.QuestionTypeName}</Tag>
              {row.SurveyTitle && (
                <Typography.Text type="secondary">
                  {t('wizard.flow.library.inSurvey', { title: row.SurveyTitle })}
                </Typography.Text>
              )}
            </span>
          );
        }}
      />
    </Modal>
  );
}
