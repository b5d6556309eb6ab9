import { DeleteOutlined, EditOutlined, SaveOutlined } from '@ant-design/icons';
import { ErrorCode, userFilterSaveSchema, type ReportFilter, type UserFilter } from '@loupe/contracts';
import { Alert, App, Button, Form, Input, Modal, Popconfirm, Select, Tooltip, type InputRef } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { zodRule } from '@/lib/form-rules';
import { useUserFilters } from './api/get-user-filters';
import { useCreateUserFilter, useDeleteUserFilter, useUpdateUserFilter } from './api/save-user-filter';
import { loadSavedFilter, savedFilterPart, type FilterKey, type FilterRestrictions } from './panel-filter';
import styles from './report-filter.module.css';
import { useOpenFocus } from '@/lib/use-open-focus';

type Props = {
  /** The page the filters are saved for (a report's slug, 'alerts', …). */
  page: string;
  draft: ReportFilter;
  offered: readonly FilterKey[];
  restrictions?: FilterRestrictions;
  /** A saved filter was chosen: the draft with its values. */
  onLoad: (draft: ReportFilter) => void;
};

type NameDialog = { mode: 'save' } | { mode: 'rename'; filter: UserFilter };

const SELECT_ID = 'report-filter-saved';

/**
 * The caller's saved filters of a page (reports spec §3 "saved user filter", §7): load one into the panel, save
 * the current filter under a name, rename or delete (after a confirmation) the chosen one.
 */
export function SavedFilters({ page, draft, offered, restrictions, onLoad }: Props) {
  const { t } = useTranslation('filters');
  const { message } = App.useApp();
  const saved = useUserFilters(page);
  const remove = useDeleteUserFilter(page);
  const [chosenId, setChosenId] = useState<number>();
  const [dialog, setDialog] = useState<NameDialog>();
  const chosen = saved.data?.find((filter) => filter.Id === chosenId);

  const load = (id: number | undefined) => {
    setChosenId(id);
    const filter = saved.data?.find((item) => item.Id === id);
    if (!filter) return;
    const next = loadSavedFilter({ draft, config: filter.Config, offered, restrictions });
    if (!next) {
      void message.error(t('saved.unreadable'));
      return;
    }
    onLoad(next);
    void message.info(t('saved.loaded', { name: filter.Name }));
  };

  const confirmDelete = async () => {
    if (!chosen) return;
    await remove.mutateAsync(chosen.Id);
    setChosenId(undefined);
    void message.success(t('saved.deleted'));
  };

  return (
    <div className={styles.saved}>
      <label htmlFor={SELECT_ID}>{t('saved.label')}</label>
      <div className={styles.savedRow}>
        <Select
          id={SELECT_ID}
          className={styles.savedSelect}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          value={chosenId}
          onChange={load}
          options={(saved.data ?? []).map((filter) => ({ value: filter.Id, label: filter.Name }))}
          loading={saved.isLoading}
          placeholder={t('saved.placeholder')}
          notFoundContent={saved.isError ? t('saved.failed') : t('saved.empty')}
        />
        <Tooltip title={t('saved.save')}>
          <Button
            icon={<SaveOutlined />}
            aria-label={t('saved.save')}
            onClick={() => setDialog({ mode: 'save' })}
          />
        </Tooltip>
        <Tooltip title={t('saved.rename')}>
          <Button
            icon={<EditOutlined />}
            aria-label={t('saved.rename')}
            disabled={!chosen}
            onClick={() => chosen && setDialog({ mode: 'rename', filter: chosen })}
          />
        </Tooltip>
        <Popconfirm
          title={t('saved.deleteConfirm', { name: chosen?.Name ?? '' })}
          okText={t('saved.deleteOk')}
          okButtonProps={{ danger: true }}
          onConfirm={confirmDelete}
          disabled={!chosen}
          // Below the button, clear of its tooltip above.
          placement="bottom"
        >
          <Tooltip title={t('saved.delete')}>
            <Button
              icon={<DeleteOutlined />}
              aria-label={t('saved.delete')}
              danger
              disabled={!chosen}
              loading={remove.isPending}
            />
          </Tooltip>
        </Popconfirm>
      </div>
      {dialog ? (
        <SavedFilterNameDialog
          dialog={dialog}
          page={page}
          config={JSON.stringify(savedFilterPart(draft, offered))}
          onClose={() => setDialog(undefined)}
          onSaved={(filter) => {
            setDialog(undefined);
            setChosenId(filter?.Id ?? chosenId);
          }}
        />
      ) : null}
    </div>
  );
}

type NameDialogProps = {
  dialog: NameDialog;
  page: string;
  /** The Config a new saved filter gets. */
  config: string;
  onClose: () => void;
  onSaved: (created: UserFilter | undefined) => void;
};

type NameValues = { Name: string };

/** Asks for a saved filter's name; a name used already on the page (12001) shows on the field. */
function SavedFilterNameDialog({ dialog, page, config, onClose, onSaved }: NameDialogProps) {
  const { t } = useTranslation('filters');
  const { t: tCommon } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<NameValues>();
  const nameRef = useOpenFocus<InputRef>();
  const create = useCreateUserFilter(page);
  const update = useUpdateUserFilter(page);
  const [failure, setFailure] = useState<string>();
  const renaming = dialog.mode === 'rename';

  const submit = async ({ Name }: NameValues) => {
    setFailure(undefined);
    try {
      if (dialog.mode === 'rename') {
        const { filter } = dialog;
        await update.mutateAsync({
          id: filter.Id,
          body: { Page: page, Name, IsSaved: filter.IsSaved, Config: filter.Config },
        });
        void message.success(t('saved.renamed'));
        onSaved(undefined);
      } else {
        const created = await create.mutateAsync({ Page: page, Name, IsSaved: true, Config: config });
        void message.success(t('saved.saved'));
        onSaved(created);
      }
    } catch (error) {
      const text = errorMessage(error, tCommon);
      if (error instanceof ApiError && error.code === ErrorCode.FilterNameExists) {
        form.setFields([{ name: 'Name', errors: [text] }]);
      } else {
        setFailure(text);
      }
    }
  };

  return (
    <Modal
      open
      title={renaming ? t('saved.renameTitle', { name: dialog.filter.Name }) : t('saved.saveTitle')}
      okText={tCommon('common.save')}
      cancelText={tCommon('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending || update.isPending}
      destroyOnHidden
    >
      {failure ? <Alert type="error" showIcon title={failure} className={styles.note} /> : null}
      <Form<NameValues>
        form={form}
        layout="vertical"
        initialValues={{ Name: renaming ? dialog.filter.Name : '' }}
        onFinish={submit}
      >
        <Form.Item name="Name" label={t('saved.name')} rules={[zodRule(userFilterSaveSchema.shape.Name, t)]}>
          <Input ref={nameRef} maxLength={100} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
