import { DOCUMENT_RULES, REGISTRATION_FIELDS } from '../../../contract/registration-fields';
import { PdfWriter } from '../pdf-layout';
import { fieldsTable, numbered, peopleTable, signatureBlock } from './blank-form';

// The printable registration forms (docs/landing-page.md, "What the forms hold"): the same particulars the
// portal's online forms ask for, for people who fill them in on paper and hand them to the ward office or
// give them to the landlord who enters them online. Every label comes from contract/registration-fields.ts.

const FOOTER = 'Printable form from the MRSS Portal. Fields marked * are required.';
const FAMILY_ROWS = 5;
const HELPER_BLOCKS = 2;

/** Form A: the tenant's particulars and declaration, with family members and domestic helpers. */
export function formAPdf(): Buffer {
  const w = new PdfWriter();
  w.header('Form A: Particulars of the Tenant (self-declaration)');
  w.paragraph(
    'To be filled in by the tenant and given to the landlord, who registers it on the portal or submits it to ' +
      'the Sub-Locality/Ward office. Attach the documents listed at the end of this form.',
  );
  w.section('Part 1: The tenant');
  fieldsTable(w, REGISTRATION_FIELDS.tenant);
  w.section('Part 2: Family members living with the tenant');
  peopleTable(w, REGISTRATION_FIELDS.familyMember, FAMILY_ROWS);
  w.section('Part 3: Domestic helpers living with the tenant');
  for (let helper = 1; helper <= HELPER_BLOCKS; helper++) {
    w.paragraph(`Domestic helper ${helper} (leave blank if none; copy this block for more helpers)`);
    fieldsTable(w, REGISTRATION_FIELDS.domesticHelper);
  }
  w.section('Documents to attach');
  numbered(w, [
    `A recent photograph of the tenant (${DOCUMENT_RULES.format}, at most ${DOCUMENT_RULES.maxLabel} when uploaded).`,
    `Identity proof: ${DOCUMENT_RULES.identityProofs.join(', ')}. Aadhaar is not accepted as identity proof.`,
    "The tenant's signature on white paper.",
    'Photographs of family members and signatures of domestic helpers (optional).',
    'If the tenant moves from another locality in the State: a residential certificate from the local authority of the earlier residence.',
  ]);
  w.section('Declaration');
  w.paragraph(
    'I declare that the particulars given above are true and complete to the best of my knowledge, and I ' +
      'understand that giving false information is an offence.',
  );
  signatureBlock(w, 'Signature of the tenant');
  w.footer(FOOTER);
  return w.toBuffer();
}

/** Form B: the landlord's particulars and the rental unit let out. */
export function formBPdf(): Buffer {
  const w = new PdfWriter();
  w.header('Form B: Particulars of the Landlord and the Rental Unit');
  w.paragraph(
    'To be filled in by the landlord once, and again for each further rental unit. Submit it with Form A to ' +
      'the Sub-Locality/Ward office, or register the same particulars online.',
  );
  w.section('Part 1: The landlord');
  fieldsTable(w, REGISTRATION_FIELDS.landlord);
  w.section('Part 2: The rental unit');
  fieldsTable(w, REGISTRATION_FIELDS.rentalUnit);
  w.section('Declaration');
  w.paragraph(
    'I declare that I own the rental unit above, that the particulars are true, and that I will inform the ' +
      'Sub-Locality/Ward office when the tenant leaves.',
  );
  signatureBlock(w, 'Signature of the landlord');
  w.footer(FOOTER);
  return w.toBuffer();
}

/** The receipt the Sub-Locality/Ward office gives for a paper application (Forms A and B). */
export function acknowledgementPdf(): Buffer {
  const w = new PdfWriter();
  w.header('Acknowledgement of Receipt');
  w.paragraph(
    'Filled in and signed by the Sub-Locality/Ward office when it receives a paper application. One copy is ' +
      'given to the landlord; the office keeps the other. Quote the Application ID when tracking the application.',
  );
  w.section('Received');
  fieldsTable(w, [
    { name: 'applid', label: 'Application ID', required: true },
    { name: 'receivedOn', label: 'Received on', required: true, hint: 'DD-MM-YYYY' },
    { name: 'landlord', label: 'Landlord name and EPIC Number', required: true },
    { name: 'tenant', label: 'Tenant name and ID Number', required: true },
    { name: 'rentalUnit', label: 'Rental unit address', required: true },
    { name: 'ward', label: 'Sub-Locality/Ward', required: true },
  ]);
  w.section('Documents received (tick)');
  numbered(w, [
    '[  ] Form A (tenant)    [  ] Form B (landlord and rental unit)',
    '[  ] Tenant photograph    [  ] Identity proof    [  ] Tenant signature',
    '[  ] Family photographs    [  ] Helper signatures    [  ] Residential certificate',
  ]);
  w.paragraph(
    'The application is now pending at the Sub-Locality/Ward. Its progress can be followed with Track ' +
      'Application on the portal.',
  );
  signatureBlock(w, 'Signature and seal of the receiving official');
  w.footer('Acknowledgement form from the MRSS Portal.');
  return w.toBuffer();
}
