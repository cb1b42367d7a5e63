// The report framework: a report screen is a definition handed to <ReportPage> (docs/statistics.md).
export { ReportPage } from './report-page.tsx';
export type { ReportChartDef, ReportPageDefinition, ReportSeriesDef } from './types.ts';
export { formatReportValue } from './report-format.ts';
