import { MeasurementType, assertNever } from '@loupe/contracts';
import { useTranslation } from 'react-i18next';

/** The translated name of each measurement type (0 NPS, 1 custom metric, 2 average score, 3 other). */
export function useMeasurementTypeName(): (type: MeasurementType) => string {
  const { t } = useTranslation('experiences');
  return (type) => {
    switch (type) {
      case MeasurementType.Nps:
        return t('measurementTypes.nps');
      case MeasurementType.CustomMetric:
        return t('measurementTypes.customMetric');
      case MeasurementType.AverageScore:
        return t('measurementTypes.averageScore');
      case MeasurementType.Other:
        return t('measurementTypes.other');
      default:
        return assertNever(type);
    }
  };
}
