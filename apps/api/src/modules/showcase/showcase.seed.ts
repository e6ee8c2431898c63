import { SERVICE_TYPE_LABELS, SERVICE_TYPES, type ServiceType } from '@app/domain';
import type { Db } from '../../db/client';
import { solidPng } from '../../lib/png';
import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { contactRequests, galleryItems, homeServices, partnerTools, websiteServices } from './showcase.table';

type Rgb = [number, number, number];
// [title fr, title en, content fr, content en]
type Texts = [string, string, string, string];

const BY_TYPE: Record<ServiceType, Texts[]> = {
  'our-services': [
    [
      'Annotation de données',
      'Data annotation',
      'Des équipes formées étiquettent vos images, textes, sons et vidéos.',
      'Trained teams label your images, texts, audio and video.',
    ],
    [
      'Constitution d’équipe',
      'Team building',
      'Une équipe dédiée, recrutée et encadrée pour votre projet.',
      'A dedicated team, hired and managed for your project.',
    ],
    ['Contrôle qualité', 'Quality assurance', 'Double revue et mesures d’accord entre annotateurs.', 'Double review and inter-annotator agreement metrics.'],
  ],
  'image-annotation': [
    ['Boîtes englobantes', 'Bounding boxes', 'Localisation des objets pour la détection.', 'Object localisation for detection models.'],
    ['Segmentation sémantique', 'Semantic segmentation', 'Chaque pixel reçoit sa classe.', 'Every pixel gets its class.'],
    ['Points clés', 'Keypoints', 'Squelettes et repères du visage.', 'Skeletons and facial landmarks.'],
  ],
  'text-annotation': [
    [
      'Entités nommées',
      'Named entities',
      'Personnes, lieux et organisations en arabe, français et anglais.',
      'People, places and organisations in Arabic, French and English.',
    ],
    ['Analyse de sentiment', 'Sentiment analysis', 'Avis clients classés par tonalité.', 'Customer reviews classified by tone.'],
  ],
  'video-annotation': [
    ['Suivi d’objets', 'Object tracking', 'Trajectoires image par image.', 'Frame-by-frame trajectories.'],
    ['Reconnaissance d’actions', 'Action recognition', 'Segments temporels étiquetés.', 'Labelled time segments.'],
  ],
  'audio-annotation': [
    ['Transcription', 'Transcription', 'Transcription verbatim, dialectes tunisiens compris.', 'Verbatim transcription, Tunisian dialects included.'],
    ['Diarisation', 'Speaker diarisation', 'Qui parle, et quand.', 'Who speaks, and when.'],
  ],
  '3d-annotation': [
    ['Nuages de points LiDAR', 'LiDAR point clouds', 'Cuboïdes 3D pour la conduite autonome.', '3D cuboids for autonomous driving.'],
    ['Fusion capteurs', 'Sensor fusion', 'Caméra et LiDAR annotés ensemble.', 'Camera and LiDAR annotated together.'],
  ],
};

const HOME: Texts[] = [
  ['Externalisation', 'Outsourcing', 'Confiez vos projets d’annotation à une équipe basée à Tunis.', 'Entrust your annotation projects to a Tunis-based team.'],
  ['Sécurité des données', 'Data security', 'Locaux sécurisés, accès contrôlés, accords de confidentialité.', 'Secure premises, controlled access, NDAs.'],
  ['Délais maîtrisés', 'On-time delivery', 'Des livraisons par lots, suivies chaque semaine.', 'Batch deliveries, tracked weekly.'],
];

const TOOLS: [string, string, Rgb][] = [
  ['CVAT', 'https://www.cvat.ai', [40, 90, 170]],
  ['Label Studio', 'https://labelstud.io', [230, 90, 50]],
  ['Labelbox', 'https://labelbox.com', [60, 60, 60]],
  ['Supervisely', 'https://supervisely.com', [120, 60, 170]],
];

const GALLERY: [string, 'image' | 'video', string | null, Rgb][] = [
  ['Notre plateau d’annotation', 'image', null, [30, 110, 150]],
  ['Formation des annotateurs', 'image', null, [160, 100, 40]],
  ['Présentation de l’entreprise', 'video', 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', [0, 0, 0]],
  ['Journée portes ouvertes', 'image', null, [60, 140, 80]],
];

const CONTACTS: [string, string, string, 'staff' | 'website'][] = [
  ['Sami Ben Ali', '22123456', 'Bonjour, nous cherchons une équipe pour annoter 50 000 images de produits.', 'website'],
  ['Leïla Trabelsi', '+2165030', 'Pouvez-vous transcrire des enregistrements en dialecte tunisien ?', 'website'],
  ['Karim Jaziri', '98765432', 'Demande de devis pour du suivi d’objets vidéo.', 'staff'],
];

const shade = (i: number): Rgb => [40 + ((i * 37) % 160), 80 + ((i * 53) % 140), 120 + ((i * 29) % 120)];

/** The showcase of the demo website: services with images, partner logos, a gallery, contact requests. */
export async function seedShowcase(db: Db, uploads?: ObjectStore): Promise<void> {
  const image = async (entity: string, id: number, collection: string, name: string, colour: Rgb) => {
    if (uploads)
      await saveMedia(db, uploads, {
        entity,
        entityId: id,
        collection,
        family: 'image',
        fileName: `${name}.png`,
        buffer: solidPng(160, 120, colour),
        replace: true,
      });
  };
  const fields = ([titleFr, titleEn, fr, en]: Texts, i: number) => ({
    titleFr,
    titleEn,
    contentFr: `<p>${fr}</p>`,
    contentEn: `<p>${en}</p>`,
    imgTitle: titleFr,
    alt: titleFr,
    position: i + 1,
  });
  let n = 0;
  for (const type of SERVICE_TYPES) {
    const rows = await db
      .insert(websiteServices)
      .values(BY_TYPE[type].map((t, i) => ({ ...fields(t, i), type })))
      .returning({ id: websiteServices.id });
    for (const r of rows) await image('service', r.id, 'image', `${SERVICE_TYPE_LABELS[type]}-${r.id}`, shade(n++));
  }
  const home = await db.insert(homeServices).values(HOME.map(fields)).returning({ id: homeServices.id });
  for (const r of home) await image('services', r.id, 'image', `service-accueil-${r.id}`, shade(n++));
  const tools = await db
    .insert(partnerTools)
    .values(TOOLS.map(([name, siteWeb], i) => ({ name, siteWeb, altLogo: `Logo ${name}`, position: i + 1 })))
    .returning({ id: partnerTools.id });
  for (const [i, r] of tools.entries()) await image('tools', r.id, 'logo', TOOLS[i][0], TOOLS[i][2]);
  const gallery = await db
    .insert(galleryItems)
    .values(GALLERY.map(([title, kind, link], i) => ({ title, kind, link, position: i + 1 })))
    .returning({ id: galleryItems.id });
  for (const [i, r] of gallery.entries()) if (GALLERY[i][1] === 'image') await image('gallery', r.id, 'image', `galerie-${r.id}`, GALLERY[i][3]);
  await db.insert(contactRequests).values(CONTACTS.map(([name, gsm, content, source]) => ({ name, gsm, content, source })));
}
