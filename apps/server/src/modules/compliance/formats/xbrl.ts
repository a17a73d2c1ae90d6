import type { RecordSet, ReportContext, Row } from '../model';
import { CONCEPT_NAMES, ISO4217, LINK, TAXONOMY_NAMESPACE, TAXONOMY_PREFIX, XBRLI, XLINK } from './taxonomy';
import { escapeXmlAttribute, escapeXmlText, XmlWriter } from './xml-writer';

/** ISO 17442 as the identifier scheme of an XBRL entity identified by its LEI. */
export const LEI_SCHEME = 'http://standards.iso.org/iso/17442';

interface RecordTemplate {
  contextRef: string;
  /** `<mrd:Record>` and the record set's name. */
  head: string;
  /** Per column: `<mrd:Field>`, the field name and the opening `<mrd:FieldValue>`. */
  fields: string[];
}

const FIELD_END = `</${TAXONOMY_PREFIX}:FieldValue></${TAXONOMY_PREFIX}:Field>`;

function recordTemplate(set: RecordSet, contextRef: string): RecordTemplate {
  const p = TAXONOMY_PREFIX;
  const ref = ` contextRef="${escapeXmlAttribute(contextRef)}"`;
  return {
    contextRef,
    head: `<${p}:Record><${p}:RecordSetName${ref}>${escapeXmlText(set.name)}</${p}:RecordSetName>`,
    fields: set.columns.map(
      (column) => `<${p}:Field><${p}:FieldName${ref}>${escapeXmlText(column)}</${p}:FieldName><${p}:FieldValue${ref}>`,
    ),
  };
}

/**
 * Streams an XBRL 2.1 instance against the platform taxonomy. Contexts and units are written
 * the first time a fact needs them (the instance schema allows them in any order).
 */
export class XbrlWriter {
  private readonly xml: XmlWriter;
  private readonly contexts = new Map<string, string>();
  private readonly units = new Set<string>();
  private readonly recordTemplates = new Map<RecordSet, RecordTemplate>();

  constructor(
    out: (text: string) => void,
    private readonly ctx: ReportContext,
  ) {
    this.xml = new XmlWriter(out);
  }

  begin(): void {
    this.xml.declaration().start('xbrli:xbrl', {
      'xmlns:xbrli': XBRLI,
      'xmlns:link': LINK,
      'xmlns:xlink': XLINK,
      'xmlns:iso4217': ISO4217,
      [`xmlns:${TAXONOMY_PREFIX}`]: TAXONOMY_NAMESPACE,
    });
    this.xml.start('link:schemaRef', { 'xlink:type': 'simple', 'xlink:href': this.ctx.taxonomyUrl }).end();
  }

  /** One fact row (columns of XBRL_FACT_COLUMNS). */
  fact(row: Row): void {
    const concept = String(row.concept);
    if (!CONCEPT_NAMES.has(concept)) throw new Error(`XBRL: '${concept}' is not a concept of the platform taxonomy`);
    const contextRef = this.context(String(row.entityLei), row.periodStart as string | null, String(row.periodEnd));
    const unitRef = this.unit((row.currency as string | null) ?? null);
    this.xml.leaf(`${TAXONOMY_PREFIX}:${concept}`, String(row.value), {
      contextRef,
      unitRef,
      decimals: String(row.decimals ?? 'INF'),
    });
  }

  /**
   * A non-financial record as an `mrd:Record` tuple of name/value fields: one template string
   * per record (the element names and the set's field names are fixed per record set, so their
   * markup is built once; every value is escaped), the same markup element-by-element calls make.
   */
  record(set: RecordSet, row: Row): void {
    const contextRef = this.context(this.ctx.reportingLei, this.ctx.periodStart, this.ctx.periodEnd);
    let template = this.recordTemplates.get(set);
    if (template?.contextRef !== contextRef) {
      template = recordTemplate(set, contextRef);
      this.recordTemplates.set(set, template);
    }
    let markup = template.head;
    const { columns } = set;
    for (let i = 0; i < columns.length; i++) {
      const value = row[columns[i]!];
      if (value === null || value === undefined) continue;
      markup += `${template.fields[i]}${escapeXmlText(String(value))}${FIELD_END}`;
    }
    this.xml.raw(`${markup}</${TAXONOMY_PREFIX}:Record>`);
  }

  finish(): void {
    this.xml.closeAll();
  }

  private context(lei: string, start: string | null, end: string): string {
    const key = `${lei}|${start ?? ''}|${end}`;
    let id = this.contexts.get(key);
    if (id) return id;
    id = `c${this.contexts.size + 1}`;
    this.contexts.set(key, id);
    this.xml.element(
      'xbrli:context',
      () => {
        this.xml.element('xbrli:entity', () => this.xml.leaf('xbrli:identifier', lei, { scheme: LEI_SCHEME }));
        this.xml.element('xbrli:period', () => {
          if (start) this.xml.leaf('xbrli:startDate', start).leaf('xbrli:endDate', end);
          else this.xml.leaf('xbrli:instant', end);
        });
      },
      { id },
    );
    return id;
  }

  private unit(currency: string | null): string {
    const id = currency ?? 'pure';
    if (!this.units.has(id)) {
      this.units.add(id);
      this.xml.element(
        'xbrli:unit',
        () => this.xml.leaf('xbrli:measure', currency ? `iso4217:${currency}` : 'xbrli:pure'),
        {
          id,
        },
      );
    }
    return id;
  }
}
