import { TOPIC_MODEL_LIMITS } from '@loupe/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * A list of words or phrases as chips: type one and press Enter (or, for seed words, a comma) to add it,
 * Backspace or its × to remove it. At most TOPIC_MODEL_LIMITS.ruleItems of them. Exact matches are sentences,
 * which may hold commas, so only Enter ends one.
 */
export function SeedWordsField({
  value,
  onChange,
  id,
  sentences = false,
  ...aria
}: {
  sentences?: boolean;
  value?: string[];
  onChange?: (value: string[]) => void;
  id?: string;
  'aria-describedby'?: string;
}) {
  const { t } = useTranslation('aiTopicModels');
  return (
    <Select
      id={id}
      mode="tags"
      value={value ?? []}
      onChange={(next: string[]) =>
        onChange?.(
          [...new Set(next.map((word) => word.trim()).filter(Boolean))]
            .map((word) => word.slice(0, TOPIC_MODEL_LIMITS.ruleItemMax))
            .slice(0, TOPIC_MODEL_LIMITS.ruleItems),
        )
      }
      tokenSeparators={sentences ? ['\n'] : [',', '\n']}
      open={false}
      suffixIcon={null}
      placeholder={t('topics.chipsPlaceholder')}
      aria-describedby={aria['aria-describedby']}
      style={{ inlineSize: '100%' }}
    />
  );
}
