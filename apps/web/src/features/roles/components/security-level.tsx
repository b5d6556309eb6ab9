import { SecurityLevel, assertNever } from '@loupe/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export const SECURITY_LEVELS: readonly SecurityLevel[] = [
  SecurityLevel.Alterna,
  SecurityLevel.Power,
  SecurityLevel.Regular,
];

/** The translated name of a security level (0 Alterna user, 1 Power user, 2 Regular user). */
export function useSecurityLevelName(): (level: SecurityLevel) => string {
  const { t } = useTranslation('roles');
  return (level) => {
    switch (level) {
      case SecurityLevel.Alterna:
        return t('levels.alterna');
      case SecurityLevel.Power:
        return t('levels.power');
      case SecurityLevel.Regular:
        return t('levels.regular');
      default:
        return assertNever(level);
    }
  };
}

const COLORS: Record<SecurityLevel, string | undefined> = { 0: 'purple', 1: 'blue', 2: undefined };

export function SecurityLevelTag({ level }: { level: SecurityLevel }) {
  const name = useSecurityLevelName();
  return <Tag color={COLORS[level]}>{name(level)}</Tag>;
}
