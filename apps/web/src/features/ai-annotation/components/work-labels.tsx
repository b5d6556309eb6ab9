import { hasAnyScope } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from '@/lib/bootstrap';

const STATUS_COLORS: Record<string, string> = { Processing: 'processing', Ready: 'success', Failed: 'error' };

/** A work's status as a coloured, translated tag. */
export function StatusTag({ status }: { status: string }) {
  const { t } = useTranslation('aiAnnotation');
  const known = status === 'Processing' || status === 'Ready' || status === 'Failed';
  return <Tag color={STATUS_COLORS[status]}>{known ? t(`statuses.${status}`) : status}</Tag>;
}

/** An annotation type's name (0 sentiment, 1 topic, 2 emotion). */
export function TypeText({ type }: { type: number }) {
  const { t } = useTranslation('aiAnnotation');
  return <>{type === 0 || type === 1 || type === 2 ? t(`types.${type}`) : type}</>;
}

/** The signed-in user: their id (to find their tasks) and whether they may manage works. */
export function useCaller(): { userId: number | undefined; canManage: boolean } {
  const user = useBootstrap().data?.User;
  return { userId: user?.Id, canManage: hasAnyScope(user?.Scopes ?? [], ['annotation:manage']) };
}
