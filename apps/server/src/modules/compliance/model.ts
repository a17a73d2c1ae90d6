import type { ReportFormat, ReportType } from '@meridian/schemas';
import type { Db } from '../../db/client';
import type { XmlWriter } from './formats/xml-writer';

export type Cell = string | number | boolean | null;
export type Row = Record<string, Cell>;

/** One kind of record in a report (MIFID2: transactions and a best-execution summary). */
export interface RecordSet {
  name: string;
  /** Field order for CSV headers and the generic XML/XBRL renditions. */
  columns: readonly string[];
  /** Pages of rows, streamed from the database; never the whole set in memory. */
  pages(): AsyncIterable<Row[]>;
}

/** What a report is generated for: whose data, which days, by whom. */
export interface ReportContext {
  db: Db;
  reportId: string;
  reportType: ReportType;
  format: ReportFormat;
  /** Requester's organisation; null = market-wide (a regulator's request). */
  organisationId: string | null;
  /** Inclusive start instant (00:00 UTC of the first day). */
  from: Date;
  /** Exclusive end instant (00:00 UTC of the day after the last day). */
  to: Date;
  periodStart: string;
  periodEnd: string;
  generatedAt: Date;
  /** LEI of the reporting entity (the requester's organisation, or the platform operator). */
  reportingLei: string;
  reportingName: string;
  /** Name and LEI of the platform operator (submitting entity, UTI generator). */
  platformName: string;
  platformLei: string;
  /** Where the platform taxonomy schema is published (XBRL schemaRef). */
  taxonomyUrl: string;
}

/** Writes the records of the first record set in the regulator's own XML (e.g. ISO 20022). */
export interface NativeXml {
  /** File name suffix and what the document is, e.g. 'auth.016.001.01'. */
  standard: string;
  open(xml: XmlWriter, ctx: ReportContext, recordCount: number): void;
  record(xml: XmlWriter, row: Row, ctx: ReportContext): void;
  close(xml: XmlWriter): void;
}

export interface ReportDefinition {
  type: ReportType;
  /** The regulator's native format of this type. */
  nativeFormat: ReportFormat;
  /** Fails the job with a reason when the data cannot be reported (e.g. an instrument without ISIN). */
  preflight?(ctx: ReportContext): Promise<void>;
  count(ctx: ReportContext): Promise<number>;
  recordSets(ctx: ReportContext): RecordSet[];
  /** Native XML for the first record set; other types' XML is the platform's record rendition. */
  xml?: NativeXml;
  /** The records are XBRL facts (columns of XBRL_FACT_COLUMNS), rendered as real facts in XBRL. */
  xbrlFacts?: boolean;
}

/** Columns of a fact record (XBRL and CRD_CRR types): one XBRL fact each. */
export const XBRL_FACT_COLUMNS = [
  'concept',
  'entityLei',
  'entityName',
  'periodStart',
  'periodEnd',
  'currency',
  'value',
  'decimals',
] as const;
