import { XmlWriter } from './xml-writer';

// The platform's own small XBRL 2.1 taxonomy: the balance sheet and P&L concepts of the XBRL
// report, the COREP-style own-funds concepts of the CRD_CRR report, and a generic record
// tuple for every other report type. Served at TAXONOMY_PATH; validated in the tests
// against the XBRL 2.1 base schemas (../shared/regschemas).

export const TAXONOMY_NAMESPACE = 'https://meridian.example/taxonomy/2026-01-01';
export const TAXONOMY_PREFIX = 'mrd';
export const TAXONOMY_FILE = 'meridian-2026-01-01.xsd';
export const LABEL_FILE = 'meridian-2026-01-01-lab.xml';
export const TAXONOMY_PATH = '/api/compliance/taxonomy';

export const XBRLI = 'http://www.xbrl.org/2003/instance';
export const LINK = 'http://www.xbrl.org/2003/linkbase';
export const XLINK = 'http://www.w3.org/1999/xlink';
export const ISO4217 = 'http://www.xbrl.org/2003/iso4217';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const BASE = 'http://www.xbrl.org/2003/';

interface Concept {
  name: string;
  label: string;
  type: 'xbrli:monetaryItemType' | 'xbrli:pureItemType' | 'xbrli:stringItemType';
  periodType: 'instant' | 'duration';
  balance?: 'debit' | 'credit';
}

export const CONCEPTS: readonly Concept[] = [
  // Balance sheet (instant, per currency) and P&L (duration) of an organisation's ledger accounts.
  {
    name: 'Cash',
    label: 'Cash held on the platform',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
    balance: 'debit',
  },
  {
    name: 'InstrumentHoldings',
    label: 'Instrument holdings at last traded price',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
    balance: 'debit',
  },
  {
    name: 'TotalAssets',
    label: 'Total assets',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
    balance: 'debit',
  },
  {
    name: 'PurchasesOfInstruments',
    label: 'Cash paid for instruments bought',
    type: 'xbrli:monetaryItemType',
    periodType: 'duration',
    balance: 'credit',
  },
  {
    name: 'ProceedsFromSales',
    label: 'Cash received for instruments sold',
    type: 'xbrli:monetaryItemType',
    periodType: 'duration',
    balance: 'debit',
  },
  {
    name: 'ChangeInHoldingsValue',
    label: 'Change in market value of holdings',
    type: 'xbrli:monetaryItemType',
    periodType: 'duration',
    balance: 'credit',
  },
  {
    name: 'TradingProfitOrLoss',
    label: 'Trading profit or loss',
    type: 'xbrli:monetaryItemType',
    periodType: 'duration',
    balance: 'credit',
  },
  // COREP C 01.00 / C 02.00 / C 03.00 (standardised approach, credit risk only).
  {
    name: 'OwnFunds',
    label: 'C 01.00 r0010 Own funds',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
    balance: 'credit',
  },
  {
    name: 'CommonEquityTier1Capital',
    label: 'C 01.00 r0020 Common Equity Tier 1 capital',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
    balance: 'credit',
  },
  {
    name: 'Tier1Capital',
    label: 'C 01.00 r0015 Tier 1 capital',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
    balance: 'credit',
  },
  {
    name: 'TotalRiskExposureAmount',
    label: 'C 02.00 r0010 Total risk exposure amount',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
  },
  {
    name: 'CreditRiskExposureAmount',
    label: 'C 02.00 r0040 Risk weighted exposure amounts for credit risk (standardised approach)',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
  },
  {
    name: 'MarketRiskExposureAmount',
    label: 'C 02.00 r0520 Total risk exposure amount for position, foreign exchange and commodities risks',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
  },
  {
    name: 'Tier2Capital',
    label: 'C 01.00 r0750 Tier 2 capital',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
  },
  {
    name: 'OwnFundsRequirement',
    label: 'Own funds requirement (8 % of total risk exposure)',
    type: 'xbrli:monetaryItemType',
    periodType: 'instant',
  },
  { name: 'CET1Ratio', label: 'C 03.00 r0010 CET1 capital ratio', type: 'xbrli:pureItemType', periodType: 'instant' },
  { name: 'Tier1Ratio', label: 'C 03.00 r0030 T1 capital ratio', type: 'xbrli:pureItemType', periodType: 'instant' },
  {
    name: 'TotalCapitalRatio',
    label: 'C 03.00 r0050 Total capital ratio',
    type: 'xbrli:pureItemType',
    periodType: 'instant',
  },
  // Generic records of the non-financial report types.
  { name: 'RecordSetName', label: 'Record type', type: 'xbrli:stringItemType', periodType: 'duration' },
  { name: 'FieldName', label: 'Field name', type: 'xbrli:stringItemType', periodType: 'duration' },
  { name: 'FieldValue', label: 'Field value', type: 'xbrli:stringItemType', periodType: 'duration' },
];

const TUPLES = [
  {
    name: 'Record',
    label: 'Report record',
    children: [
      ['RecordSetName', '1'],
      ['Field', 'unbounded'],
    ],
  },
  {
    name: 'Field',
    label: 'Record field',
    children: [
      ['FieldName', '1'],
      ['FieldValue', '1'],
    ],
  },
] as const;

export const CONCEPT_NAMES = new Set(CONCEPTS.map((c) => c.name));

function render(build: (xml: XmlWriter) => void): string {
  const parts: string[] = [];
  const xml = new XmlWriter((text) => parts.push(text));
  xml.declaration();
  build(xml);
  xml.closeAll();
  return `${parts.join('')}\n`;
}

/** The taxonomy schema: item and tuple declarations, importing the XBRL 2.1 base schemas. */
export function taxonomySchema(): string {
  return render((xml) => {
    xml.start('xsd:schema', {
      'xmlns:xsd': XSD,
      'xmlns:xbrli': XBRLI,
      'xmlns:link': LINK,
      'xmlns:xlink': XLINK,
      [`xmlns:${TAXONOMY_PREFIX}`]: TAXONOMY_NAMESPACE,
      targetNamespace: TAXONOMY_NAMESPACE,
      elementFormDefault: 'qualified',
      attributeFormDefault: 'unqualified',
    });
    xml.element('xsd:annotation', () =>
      xml.element('xsd:appinfo', () =>
        xml
          .start('link:linkbaseRef', {
            'xlink:type': 'simple',
            'xlink:href': LABEL_FILE,
            'xlink:role': `${BASE}role/labelLinkbaseRef`,
            'xlink:arcrole': 'http://www.w3.org/1999/xlink/properties/linkbase',
          })
          .end(),
      ),
    );
    xml.start('xsd:import', { namespace: XBRLI, schemaLocation: `${BASE}xbrl-instance-2003-12-31.xsd` }).end();
    xml.start('xsd:import', { namespace: LINK, schemaLocation: `${BASE}xbrl-linkbase-2003-12-31.xsd` }).end();
    for (const c of CONCEPTS)
      xml
        .start('xsd:element', {
          name: c.name,
          id: `${TAXONOMY_PREFIX}_${c.name}`,
          type: c.type,
          substitutionGroup: 'xbrli:item',
          'xbrli:periodType': c.periodType,
          'xbrli:balance': c.balance,
          nillable: 'true',
        })
        .end();
    for (const t of TUPLES)
      xml.element(
        'xsd:element',
        () =>
          xml.element('xsd:complexType', () =>
            xml.element('xsd:complexContent', () =>
              xml.element(
                'xsd:restriction',
                () => {
                  xml.element('xsd:sequence', () => {
                    for (const [ref, max] of t.children)
                      xml
                        .start('xsd:element', {
                          ref: `${TAXONOMY_PREFIX}:${ref}`,
                          minOccurs: max === '1' ? '1' : '0',
                          maxOccurs: max,
                        })
                        .end();
                  });
                  xml.start('xsd:attribute', { name: 'id', type: 'xsd:ID', use: 'optional' }).end();
                },
                { base: 'xsd:anyType' },
              ),
            ),
          ),
        { name: t.name, id: `${TAXONOMY_PREFIX}_${t.name}`, substitutionGroup: 'xbrli:tuple', nillable: 'false' },
      );
  });
}

/** English labels of every concept and tuple (XBRL 2.1 label linkbase). */
export function labelLinkbase(): string {
  return render((xml) => {
    xml.start('link:linkbase', {
      'xmlns:link': LINK,
      'xmlns:xlink': XLINK,
      'xmlns:xsi': 'http://www.w3.org/2001/XMLSchema-instance',
      'xsi:schemaLocation': `${LINK} ${BASE}xbrl-linkbase-2003-12-31.xsd`,
    });
    xml.element(
      'link:labelLink',
      () => {
        for (const c of [...CONCEPTS, ...TUPLES]) {
          xml
            .start('link:loc', {
              'xlink:type': 'locator',
              'xlink:href': `${TAXONOMY_FILE}#${TAXONOMY_PREFIX}_${c.name}`,
              'xlink:label': `loc_${c.name}`,
            })
            .end();
          xml.leaf('link:label', c.label, {
            'xlink:type': 'resource',
            'xlink:label': `lab_${c.name}`,
            'xlink:role': `${BASE}role/label`,
            'xml:lang': 'en',
          });
          xml
            .start('link:labelArc', {
              'xlink:type': 'arc',
              'xlink:arcrole': `${BASE}arcrole/concept-label`,
              'xlink:from': `loc_${c.name}`,
              'xlink:to': `lab_${c.name}`,
            })
            .end();
        }
      },
      { 'xlink:type': 'extended', 'xlink:role': `${BASE}role/link` },
    );
  });
}
