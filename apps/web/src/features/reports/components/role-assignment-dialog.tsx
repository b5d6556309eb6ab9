import { DeleteOutlined } from '@ant-design/icons';
import { hasAnyScope } from '@loupe/contracts';
import {
  Alert,
  App,
  Button,
  Empty,
  Form,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';
import { useAddRoleReport, useRemoveRoleReport, useRoleChoices, useRoleReports } from '../api/role-reports';
import styles from './role-assignment-dialog.module.css';

export type RoleAssignmentDialogProps = {
  open: boolean;
  reportId: number;
  onClose: () => void;
};

/**
 * The role assignment dialog (reports spec §2, §6, §7, §8): the roles the report is assigned to, each with a
 * remove button, and a choice of the tenant's other roles to add. Without report:advance the user's own first
 * role can be neither added nor removed (the server refuses it with 403 too), so its controls are disabled
 * with the reason. After each change the assignments and reports reload and a notice says how it went.
 */
export function RoleAssignmentDialog({ open, reportId, onClose }: RoleAssignmentDialogProps) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('roles.title')}
      onCancel={onClose}
      destroyOnHidden
      footer={<Button onClick={onClose}>{tc('common.close')}</Button>}
    >
      <RoleAssignments reportId={reportId} />
    </Modal>
  );
}

function RoleAssignments({ reportId }: { reportId: number }) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const addId = useId();
  const noteId = useId();
  const lastNoteId = useId();
  const user = useBootstrap().data?.User;
  const ownRole = user?.Roles[0];
  const ownRoleLocked = ownRole !== undefined && !hasAnyScope(user?.Scopes ?? [], ['report:advance']);
  const isLocked = (roleId: number) => ownRoleLocked && roleId === ownRole?.Id;

  const assignments = useRoleReports(reportId);
  const roles = useRoleChoices();
  const add = useAddRoleReport();
  const remove = useRemoveRoleReport();
  const [chosen, setChosen] = useState<number | undefined>();
  const changing = add.isPending || remove.isPending;

  const notices = {
    onSuccess: () => void message.success(t('roles.saved')),
    onError: () => void message.error(t('roles.failed')),
  };
  const addChosen = () => {
    if (chosen === undefined) return;
    add.mutate(
      { reportId, roleId: chosen },
      {
        ...notices,
        onSuccess: () => {
          setChosen(undefined);
          notices.onSuccess();
        },
      },
    );
  };

  const assigned = assignments.data ?? [];
  // The server keeps a report's last assignment (400 3113), so nobody loses the way to it.
  const onlyOne = assigned.length === 1;
  const assignedIds = new Set(assigned.map((assignment) => assignment.RoleId));
  const choices = (roles.data ?? [])
    .filter((role) => !assignedIds.has(role.Id))
    .map((role) => ({
      value: role.Id,
      label: role.Name,
      disabled: isLocked(role.Id),
      title: isLocked(role.Id) ? t('roles.ownRoleLocked', { role: role.Name }) : role.Name,
    }));
  const lockNote = ownRoleLocked ? t('roles.ownRoleLocked', { role: ownRole?.Name ?? '' }) : undefined;

  return (
    <div className={styles.body}>
      {lockNote && (
        <Typography.Paragraph id={noteId} type="secondary">
          {lockNote}
        </Typography.Paragraph>
      )}
      <h3 className={styles.heading}>{t('roles.assigned')}</h3>
      {assignments.isLoading ? (
        <Skeleton active title={false} />
      ) : assignments.isError ? (
        <Alert type="error" role="alert" showIcon title={t('roles.loadFailed')} />
      ) : assigned.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('roles.none')} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('roles.assigned')}>
            {assigned.map((assignment) => {
              // Why the assignment cannot be removed here, if it cannot.
              const reason = isLocked(assignment.RoleId)
                ? { text: lockNote, id: noteId }
                : onlyOne
                  ? { text: t('roles.lastRole'), id: lastNoteId }
                  : undefined;
              const removeLabel = t('roles.remove', { role: assignment.RoleName });
              const button = (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={removeLabel}
                  aria-describedby={reason?.id}
                  disabled={reason !== undefined || changing}
                />
              );
              return (
                <li key={assignment.RoleId} className={styles.item}>
                  <span className={styles.roleName}>
                    {assignment.RoleName}
                    {assignment.RoleId === ownRole?.Id && (
                      <Tag className={styles.ownTag}>{t('roles.ownRole')}</Tag>
                    )}
                  </span>
                  {reason ? (
                    <Tooltip title={reason.text}>
                      {/* A disabled button gets no pointer events; the wrapper shows the reason. */}
                      <span>{button}</span>
                    </Tooltip>
                  ) : (
                    <Popconfirm
                      title={t('roles.removeConfirm', { role: assignment.RoleName })}
                      okText={t('roles.removeOk')}
                      cancelText={tc('common.cancel')}
                      okButtonProps={{ danger: true }}
                      onConfirm={() => remove.mutate({ reportId, roleId: assignment.RoleId }, notices)}
                    >
                      <Tooltip title={removeLabel}>{button}</Tooltip>
                    </Popconfirm>
                  )}
                </li>
              );
            })}
          </ul>
          {onlyOne && (
            <Typography.Text id={lastNoteId} type="secondary">
              {t('roles.lastRole')}
            </Typography.Text>
          )}
        </>
      )}

      <Form layout="vertical" className={styles.add} onFinish={addChosen}>
        <Form.Item
          label={t('roles.add')}
          htmlFor={addId}
          help={roles.isError ? t('roles.loadFailed') : undefined}
          validateStatus={roles.isError ? 'error' : undefined}
        >
          <div className={styles.addRow}>
            <Select
              id={addId}
              aria-describedby={lockNote ? noteId : undefined}
              className={styles.addSelect}
              value={chosen}
              onChange={setChosen}
              options={choices}
              loading={roles.isLoading}
              disabled={roles.isError || changing}
              showSearch
              optionFilterProp="label"
              placeholder={t('roles.addPlaceholder')}
              notFoundContent={t('roles.noRoleLeft')}
            />
            <Button type="primary" htmlType="submit" disabled={chosen === undefined} loading={add.isPending}>
              {t('roles.addButton')}
            </Button>
          </div>
        </Form.Item>
      </Form>
    </div>
  );
}
