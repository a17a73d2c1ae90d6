import { join } from 'node:path';
import type { StoredReportFile } from '../../../db/schema';
import type { RecordSet, ReportContext, ReportDefinition, Row } from '../model';
import { FileSink } from '../storage';
import { csvHeader, csvRecord } from './csv';
import { XbrlWriter } from './xbrl';
import { XmlWriter } from './xml-writer';

export interface RenderTarget {
  directory: string;
  /** Called after every page with the records written so far. */
  progress(done: number, total: number): Promise<void>;
  signal: AbortSignal;
}

export const CONTENT_TYPES = {
  JSON: 'application/json',
  CSV: 'text/csv; charset=utf-8',
  XML: 'application/xml',
  XBRL: 'application/xbrl+xml',
} as const;

/** Platform namespace of the XML record rendition (types whose regulator XML is not built in). */
export const RECORDS_NAMESPACE = 'urn:meridian:regulatory-records:1';

/** Records rendered per call of a format's writer. */
const WRITE_SLICE = 500;

interface OpenFile {
  part: string;
  fileName: string;
  contentType: string;
  sink: FileSink;
  records: number;
}

/** Streams the report's records into its file(s) in the requested format. */
export async function renderReport(
  definition: ReportDefinition,
  ctx: ReportContext,
  target: RenderTarget,
): Promise<StoredReportFile[]> {
  const total = await definition.count(ctx);
  const sets = definition.recordSets(ctx);
  const files: OpenFile[] = [];
  const open = (part: string, extension: string, contentType: string) => {
    const fileName = `${ctx.reportType}_${ctx.periodStart}_${ctx.periodEnd}${part === 'main' ? '' : `_${part}`}.${extension}`;
    const file = {
      part,
      fileName,
      contentType,
      sink: new FileSink(join(target.directory, `${ctx.reportId}-${fileName}`)),
      records: 0,
    };
    files.push(file);
    return file;
  };
  let done = 0;
  const eachPage = async (set: RecordSet, file: OpenFile, write: (rows: Row[]) => void) => {
    for await (const rows of set.pages()) {
      target.signal.throwIfAborted();
      // A slice at a time, so the text of one slice is encoded before the next is built.
      for (let i = 0; i < rows.length; i += WRITE_SLICE)
        write(rows.length <= WRITE_SLICE ? rows : rows.slice(i, i + WRITE_SLICE));
      file.records += rows.length;
      done += rows.length;
      await file.sink.flush();
      await target.progress(done, total);
    }
  };
  try {
    switch (ctx.format) {
      case 'JSON':
        await renderJson(open('main', 'json', CONTENT_TYPES.JSON), sets, ctx, eachPage);
        break;
      case 'CSV':
        for (const [i, set] of sets.entries()) {
          const file = open(i === 0 ? 'main' : set.name, 'csv', CONTENT_TYPES.CSV);
          file.sink.push(csvHeader(set.columns));
          await eachPage(set, file, (rows) => {
            for (const row of rows) file.sink.push(csvRecord(set.columns, row));
          });
        }
        break;
      case 'XML':
        await renderXml(definition, sets, ctx, open, eachPage, total);
        break;
      case 'XBRL': {
        const file = open('main', 'xbrl', CONTENT_TYPES.XBRL);
        const xbrl = new XbrlWriter((text) => file.sink.push(text), ctx);
        xbrl.begin();
        for (const set of sets)
          await eachPage(set, file, (rows) => {
            for (const row of rows) {
              if (definition.xbrlFacts) xbrl.fact(row);
              else xbrl.record(set, row);
            }
          });
        xbrl.finish();
        break;
      }
    }
    const stored: StoredReportFile[] = [];
    for (const file of files) {
      const { size, sha256 } = await file.sink.close();
      stored.push({
        part: file.part,
        fileName: file.fileName,
        contentType: file.contentType,
        size,
        sha256,
        records: file.records,
        path: `${ctx.reportId}-${file.fileName}`,
      });
    }
    return stored;
  } catch (error) {
    await Promise.all(files.map((f) => f.sink.discard()));
    throw error;
  }
}

type PageLoop = (set: RecordSet, file: OpenFile, write: (rows: Row[]) => void) => Promise<void>;

async function renderJson(file: OpenFile, sets: RecordSet[], ctx: ReportContext, eachPage: PageLoop) {
  const header = {
    reportId: ctx.reportId,
    reportType: ctx.reportType,
    periodStart: ctx.periodStart,
    periodEnd: ctx.periodEnd,
    generatedAt: ctx.generatedAt.toISOString(),
    reportingEntity: { lei: ctx.reportingLei, name: ctx.reportingName },
  };
  file.sink.push(`${JSON.stringify(header).slice(0, -1)},"recordSets":{`);
  for (const [i, set] of sets.entries()) {
    file.sink.push(`${i === 0 ? '' : ','}${JSON.stringify(set.name)}:[`);
    let first = true;
    await eachPage(set, file, (rows) => {
      for (const row of rows) {
        file.sink.push(`${first ? '' : ','}${JSON.stringify(row)}`);
        first = false;
      }
    });
    file.sink.push(']');
  }
  file.sink.push('}}\n');
}

async function renderXml(
  definition: ReportDefinition,
  sets: RecordSet[],
  ctx: ReportContext,
  open: (part: string, extension: string, contentType: string) => OpenFile,
  eachPage: PageLoop,
  total: number,
) {
  const [first, ...rest] = sets;
  const genericSets = definition.xml ? rest : sets;
  if (definition.xml && first) {
    const native = definition.xml;
    const file = open('main', 'xml', CONTENT_TYPES.XML);
    const xml = new XmlWriter((text) => file.sink.push(text));
    native.open(xml, ctx, total);
    await eachPage(first, file, (rows) => rows.forEach((row) => native.record(xml, row, ctx)));
    native.close(xml);
    xml.closeAll();
  }
  for (const [i, set] of genericSets.entries()) {
    const file = open(i === 0 && !definition.xml ? 'main' : set.name, 'xml', CONTENT_TYPES.XML);
    const xml = new XmlWriter((text) => file.sink.push(text));
    xml.declaration().start('Records', {
      xmlns: RECORDS_NAMESPACE,
      reportType: ctx.reportType,
      recordSet: set.name,
      periodStart: ctx.periodStart,
      periodEnd: ctx.periodEnd,
      reportingEntity: ctx.reportingLei,
    });
    await eachPage(set, file, (rows) => {
      for (const row of rows)
        xml.element('Record', () => {
          for (const column of set.columns) xml.leaf(column, row[column]);
        });
    });
    xml.closeAll();
  }
}
