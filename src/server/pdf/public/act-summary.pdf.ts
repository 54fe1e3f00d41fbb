import { PdfWriter } from '../pdf-layout';

// A plain-language summary of the provisions of the Meghalaya Residents Safety and Security Act, 2016 and its
// Rules (2017) that this portal carries out. It is deliberately labelled as a summary on every page: the
// portal is not the place of record for the law, the Gazette of Meghalaya is (docs/landing-page.md).

export const ACT_SUMMARY_LABEL = 'Summary, not the official text';

const SECTIONS: ReadonlyArray<{ title: string; points: readonly string[] }> = [
  {
    title: 'Purpose of the Act',
    points: [
      'To ensure enhanced security vetting of tenants and the safety and security of the residents of the State, by verifying and regulating tenants residing in rented houses.',
      'To prevent anti-social elements from gaining shelter in the State, and to maintain public order and peace.',
    ],
  },
  {
    title: 'Who is covered',
    points: [
      'Every landlord who lets out a house, a part of a house or a unit for residence, and every tenant residing in one.',
      'The local authority: the traditional bodies (for example the Rangbah Shnong or Headman, Nokma, Sirdar, Doloi) and other authorities notified by the Government or the Deputy Commissioner. On this portal the Sub-Locality/Ward and the Locality play this part.',
    ],
  },
  {
    title: 'Duties of the tenant',
    points: [
      'Furnish to the landlord the particulars and documents prescribed: a self-declaration (Form A), an identity document such as the Electoral Photo Identity Card, passport or driving licence, and recent photographs of the tenant and of each family member and domestic helper residing with the tenant.',
      'A tenant moving from another place in the State also furnishes a residential certificate from the local authority of the earlier residence.',
      'A student also furnishes a certificate or identity card of the educational institution.',
    ],
  },
  {
    title: 'Duties of the landlord',
    points: [
      "Give the landlord's own particulars (Form B) and submit the tenant's particulars and documents to the local authority and the police station having jurisdiction over the rented unit, before or on letting it out.",
      'Let out a unit only after clearance; existing tenancies were to be brought into compliance within six months of the Act coming into force.',
      'Inform the authorities when the tenant leaves the rented unit.',
    ],
  },
  {
    title: 'Verification and clearance',
    points: [
      'The local authority examines the application and decides on it: on the portal, the Sub-Locality/Ward checks and forwards it with a recommendation, and the Locality approves or rejects it.',
      'The police station and the local authority each maintain a database of the tenants in their jurisdiction; approved applications are held by the police station.',
    ],
  },
  {
    title: 'Oversight and enforcement',
    points: [
      'A District Task Force, chaired by the Deputy Commissioner, reviews the records of the district and reports to the Government.',
      'Failing to furnish the particulars, or furnishing false information, is punishable as the Act provides.',
    ],
  },
];

export function actSummaryPdf(): Buffer {
  const w = new PdfWriter();
  w.header(`The Act and Rules: ${ACT_SUMMARY_LABEL}`);
  w.paragraph(
    `${ACT_SUMMARY_LABEL}. This summary explains, in plain words, the provisions of the Meghalaya Residents ` +
      'Safety and Security Act, 2016 and the Meghalaya Residents Safety and Security Rules that this portal ' +
      'carries out. It has no legal force. For the law itself, refer to the Act and the Rules as published in ' +
      'the Gazette of Meghalaya; where this summary differs from them, the Act and the Rules prevail.',
  );
  for (const section of SECTIONS) {
    w.section(section.title);
    section.points.forEach((point) => w.paragraph(`- ${point}`));
  }
  w.section('How the portal carries this out');
  w.paragraph(
    '- Landlords and tenants register online once; the landlord applies for clearance of a tenant in a vacant ' +
      'rental unit; the Sub-Locality/Ward and then the Locality process the application; anyone with the ' +
      "landlord's EPIC number and a one-time password can track it.",
  );
  w.footer(`${ACT_SUMMARY_LABEL}. Meghalaya Residents Safety and Security Act, 2016.`);
  return w.toBuffer();
}
