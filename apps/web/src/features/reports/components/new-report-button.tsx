import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportDialog, type SavedReport } from './report-dialog';

/** "New report" (report:manage): the report dialog in create mode; the caller goes to the saved report. */
export function NewReportButton({ onSaved }: { onSaved: (saved: SavedReport) => void }) {
  const { t } = useTranslation('reports');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<PlusOutlined aria-hidden="true" />} onClick={() => setOpen(true)}>
        {t('page.newReport')}
      </Button>
      {open && <ReportDialog open mode="create" onClose={() => setOpen(false)} onSaved={onSaved} />}
    </>
  );
}
