import { PlusOutlined } from '@ant-design/icons';
import {
  parseJsonObject,
  REPORT_MAX_WIDGETS,
  type ReportDetail,
  type WidgetCatalogueItem,
} from '@loupe/contracts';
import { Button, Modal, Skeleton, Tooltip } from 'antd';
import { useEffect, useId, useMemo, useState } from 'react';
import { configurationObject, useBootstrap } from '@/lib/bootstrap';
import { useReport } from '@/features/reports/api/get-report';
import { useReportWidget } from '@/features/reports/api/report-widgets';
import { useCatalogueWidgets, useWidgetCategories, type CatalogueListUse } from '@/api/widget-catalogue';
import { placeWidgets, type PlacedWidget } from '@/widgets/shared/widget-layout';
import { useCatalogueTitle, useDialogText } from './dialog-text';
import { nextPosition } from './widget-config-model';
import { WidgetChoice } from './widget-choice';
import styles from './widget-dialog.module.css';
import { WidgetSettingsForm } from './widget-settings-form';

export type WidgetDialogProps = {
  reportId: number;
  /** The widget to edit; without it the dialog adds a widget. */
  editing?: PlacedWidget;
  open: boolean;
  onClose: () => void;
};

/**
 * The widget dialog (reports spec §2, §4, §7, §8): adding starts with the widget choice, then the settings form;
 * editing loads the widget (`GET /api/reportWidgets?$filter=Id eq {id}`) and goes straight to the settings, with
 * category, widget and type locked. A failed edit load is logged and the dialog closes.
 */
/** The dialog shows its own load error with a retry, and reuses the catalogue lists for five minutes. */
const CATALOGUE_LIST_USE: CatalogueListUse = { errorDialog: false, staleTime: 5 * 60_000 };

export function WidgetDialog({ reportId, editing, open, onClose }: WidgetDialogProps) {
  const { t } = useDialogText();
  const titleOf = useCatalogueTitle();
  const editTitle = editing ? titleOf(editing.title ?? '') : '';
  return (
    <Modal
      open={open}
      title={editing ? t('dialog.editTitle', { title: editTitle }) : t('dialog.addTitle')}
      onCancel={onClose}
      footer={null}
      width={960}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open && <WidgetDialogContent reportId={reportId} editing={editing} onClose={onClose} />}
    </Modal>
  );
}

/** The get-in-touch link of the AI note: a mail to the configured support address (configuration 'Support'). */
function useContactHref(): string {
  const { t } = useDialogText();
  const bootstrap = useBootstrap().data;
  const email = bootstrap ? configurationObject(bootstrap, 'Support')?.Email : undefined;
  const params = new URLSearchParams({ subject: t('choice.mailSubject'), body: t('choice.mailBody') });
  // mailto: wants %20, not '+', for spaces.
  return `mailto:${typeof email === 'string' ? encodeURIComponent(email.trim()) : ''}?${params.toString().replace(/\+/g, '%20')}`;
}

function WidgetDialogContent({
  reportId,
  editing,
  onClose,
}: {
  reportId: number;
  editing: PlacedWidget | undefined;
  onClose: () => void;
}) {
  const { t } = useDialogText();
  const titleOf = useCatalogueTitle();
  const bootstrap = useBootstrap().data;
  const report = useReport(reportId);
  const catalogue = useCatalogueWidgets(CATALOGUE_LIST_USE);
  const categories = useWidgetCategories(CATALOGUE_LIST_USE);
  const edited = useReportWidget(editing?.id);
  const contactHref = useContactHref();
  const [chosen, setChosen] = useState<WidgetCatalogueItem | undefined>(undefined);

  // Reports spec §8: loading an existing widget fails → the error is logged and the dialog closes.
  const editFailed = edited.isError;
  useEffect(() => {
    if (!editFailed) return;
    console.error('The widget could not be loaded for editing', edited.error);
    onClose();
  }, [editFailed, edited.error, onClose]);

  const entries = catalogue.data;
  const siblings = useMemo(() => placeWidgets(report.data?.ReportWidgets ?? []), [report.data]);
  const kindOf = useMemo(() => {
    const kinds = new Map((entries ?? []).map((entry) => [entry.Id, entry.WidgetKind] as const));
    return (widget: PlacedWidget) =>
      kinds.get(widget.widgetId) ?? (typeof widget.config.type === 'string' ? widget.config.type : undefined);
  }, [entries]);
  const titleOfWidget = useMemo(() => {
    const titles = new Map((entries ?? []).map((entry) => [entry.Id, entry.Title] as const));
    return (widget: PlacedWidget) => titleOf(widget.title ?? titles.get(widget.widgetId) ?? `#${widget.id}`);
  }, [entries, titleOf]);

  const editedConfig = useMemo(
    () => (edited.data ? (parseJsonObject(edited.data.Config) ?? {}) : undefined),
    [edited.data],
  );
  // Reports spec §4: default size (the entry's, else w 3 h 2) and the position after the last widget.
  const chosenConfig = useMemo(
    () =>
      chosen
        ? { ...parseJsonObject(chosen.Config), position: nextPosition(report.data?.ReportWidgets ?? []) }
        : undefined,
    [chosen, report.data],
  );

  const common = { reportId, siblings, kindOf, titleOfWidget, onSaved: onClose };

  if (editing) {
    const widget = edited.data;
    if (!widget || !editedConfig || catalogue.isPending || report.isPending) {
      return <Skeleton active aria-label={t('dialog.loading')} />;
    }
    return (
      <WidgetSettingsForm
        {...common}
        widgetId={widget.WidgetId}
        entry={entries?.find((entry) => entry.Id === widget.WidgetId)}
        initialConfig={editedConfig}
        editingId={widget.Id}
        onCancel={onClose}
      />
    );
  }

  if (!chosen || !chosenConfig) {
    return (
      <WidgetChoice
        widgets={entries ?? []}
        categories={categories.data ?? []}
        loading={catalogue.isPending || categories.isPending}
        failed={catalogue.isError}
        onRetry={() => {
          void catalogue.refetch();
          void categories.refetch();
        }}
        aiModuleActive={bootstrap?.IsAIModuleActive === true}
        contactHref={contactHref}
        onChoose={setChosen}
      />
    );
  }

  return (
    <WidgetSettingsForm
      {...common}
      // A new choice starts a fresh form.
      key={chosen.Id}
      widgetId={chosen.Id}
      entry={chosen}
      initialConfig={chosenConfig}
      // Reports spec §2: cancelling a chosen widget goes back to the choice; the form and its filters are dropped.
      onCancel={() => setChosen(undefined)}
    />
  );
}

/**
 * The report header's add-widget button (report:manage; the page renders it only then). At the report's widget
 * limit it is disabled and a tooltip says why (the page shows the limit warning too).
 */
export function AddWidgetButton({
  report,
  getStarted = false,
}: {
  report: ReportDetail;
  /** The empty report's get-started button (reports spec §2): primary, worded as the first widget. */
  getStarted?: boolean;
}) {
  const { t } = useDialogText();
  const [open, setOpen] = useState(false);
  const limitId = useId();
  const full = report.ReportWidgets.length >= REPORT_MAX_WIDGETS;
  const limitText = t('add.limitReached', { max: REPORT_MAX_WIDGETS });

  return (
    <>
      {full ? (
        <Tooltip title={limitText}>
          {/* A disabled button gets no pointer or focus events: the wrapper carries the tooltip. */}
          <span className={styles.limitWrap} tabIndex={0} aria-describedby={limitId}>
            <Button icon={<PlusOutlined aria-hidden="true" />} disabled>
              {t('add.button')}
            </Button>
            <span id={limitId} className={styles.srOnly}>
              {limitText}
            </span>
          </span>
        </Tooltip>
      ) : (
        <Button
          type={getStarted ? 'primary' : 'default'}
          icon={<PlusOutlined aria-hidden="true" />}
          onClick={() => setOpen(true)}
        >
          {getStarted ? t('add.getStarted') : t('add.button')}
        </Button>
      )}
      <WidgetDialog reportId={report.Id} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
