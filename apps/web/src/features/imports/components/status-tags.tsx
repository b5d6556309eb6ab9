import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  eliminationReasonLabel,
  importStatusLabel,
  importStatusTone,
  stagedStatusLabel,
  stagedStatusTone,
} from '../import-labels';

/** An import's status as a coloured tag with its label. */
export function ImportStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  return <Tag color={importStatusTone(status)}>{importStatusLabel(status, i18n.language)}</Tag>;
}

/** A staged record's status as a coloured tag with its label. */
export function StagedStatusTag({ status }: { status: number }) {
  const { i18n } = useTranslation();
  return <Tag color={stagedStatusTone(status)}>{stagedStatusLabel(status, i18n.language)}</Tag>;
}

/** An elimination reason's label; nothing without one. */
export function EliminationReasonText({ reason }: { reason: number | null }) {
  const { i18n } = useTranslation();
  return reason === null ? null : <>{eliminationReasonLabel(reason, i18n.language)}</>;
}
