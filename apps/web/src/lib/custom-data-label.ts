import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useBootstrap } from './bootstrap';

/** A custom data slot: its key (`CustomData3`) or its number (3). */
type CustomDataSlot = string | number;

/** The slot's number, 1–10, from its key or number; undefined for anything else. */
export function customDataNumber(slot: CustomDataSlot): number | undefined {
  const number = typeof slot === 'number' ? slot : Number(/^CustomData(\d+)$/.exec(slot)?.[1]);
  return Number.isInteger(number) && number >= 1 && number <= 10 ? number : undefined;
}

/**
 * The name of a custom data slot wherever CustomData1–10 appear (issue 18 item 9): the tenant's name from
 * bootstrap's CustomDataMappings (custom data management), else "Custom data N" in the user's language. A key
 * that is no slot is answered as it is.
 */
export function useCustomDataLabel(): (slot: CustomDataSlot) => string {
  const { t } = useTranslation();
  const slots = useBootstrap().data?.CustomDataMappings;
  return useCallback(
    (slot: CustomDataSlot) => {
      const number = customDataNumber(slot);
      if (number === undefined) return String(slot);
      const name = slots?.find((entry) => entry.No === number)?.Name.trim();
      return name || t('customData.slot', { number });
    },
    [slots, t],
  );
}
