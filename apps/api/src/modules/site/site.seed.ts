import { multipleImages, PAGE_KEYS, type PageKey, pageSections, type SectionDef } from '@app/domain';
import type { Db } from '../../db/client';
import { solidPng } from '../../lib/png';
import { saveMedia } from '../../lib/media/media.service';
import type { ObjectStore } from '../../lib/storage';
import { BLOCKS_ENTITY } from './blocks.resource';
import { SECTIONS_ENTITY } from './sections.resource';
import { siteBlocks, sitePages, siteSections } from './site.table';

type Pair = [fr: string, en: string];
type Rgb = [number, number, number];

/** What each page is about, in both languages, and its colour in the demo images. */
const TOPIC: Record<PageKey, { name: Pair; pitch: Pair; colour: Rgb }> = {
  home: {
    name: ['Annotation de données', 'Data annotation'],
    pitch: ['Des données annotées avec précision pour entraîner vos modèles d’IA.', 'Accurately annotated data to train your AI models.'],
    colour: [30, 90, 160],
  },
  about_us: {
    name: ['Qui sommes-nous', 'About us'],
    pitch: ['Une équipe de 120 annotateurs formés, basée à Tunis et Sfax.', 'A team of 120 trained annotators based in Tunis and Sfax.'],
    colour: [40, 120, 90],
  },
  our_services: {
    name: ['Nos services', 'Our services'],
    pitch: [
      'Image, texte, audio, vidéo et 3D : un seul partenaire pour vos jeux de données.',
      'Image, text, audio, video and 3D: one partner for all your datasets.',
    ],
    colour: [120, 60, 150],
  },
  image_annotation: {
    name: ['Annotation d’images', 'Image annotation'],
    pitch: ['Boîtes englobantes, polygones, segmentation sémantique et points clés.', 'Bounding boxes, polygons, semantic segmentation and key points.'],
    colour: [200, 110, 30],
  },
  text_annotation: {
    name: ['Annotation de texte', 'Text annotation'],
    pitch: [
      'Entités nommées, sentiments, intentions et classification de documents, en arabe, français et anglais.',
      'Named entities, sentiment, intent and document classification, in Arabic, French and English.',
    ],
    colour: [30, 140, 150],
  },
  audio_annotation: {
    name: ['Annotation audio', 'Audio annotation'],
    pitch: ['Transcription, diarisation des locuteurs et étiquetage des événements sonores.', 'Transcription, speaker diarisation and sound-event labelling.'],
    colour: [160, 50, 80],
  },
  video_annotation: {
    name: ['Annotation vidéo', 'Video annotation'],
    pitch: ['Suivi d’objets image par image et annotation des actions.', 'Frame-by-frame object tracking and action labelling.'],
    colour: [90, 90, 170],
  },
  '3d_annotation': {
    name: ['Annotation 3D', '3D annotation'],
    pitch: ['Nuages de points LiDAR : cuboïdes, segmentation et suivi.', 'LiDAR point clouds: cuboids, segmentation and tracking.'],
    colour: [60, 130, 60],
  },
  build_a_team: {
    name: ['Construire votre équipe', 'Build your team'],
    pitch: ['Une équipe dédiée à votre projet, opérationnelle en trois semaines.', 'A team dedicated to your project, up and running in three weeks.'],
    colour: [170, 120, 40],
  },
};

const p = (text: string) => `<p>${text}</p>`;

/** Titles and contents of a section, from its key and the page's topic. */
function sectionText(page: PageKey, def: SectionDef): { title: Pair; content: Pair | null } {
  const { name, pitch } = TOPIC[page];
  switch (def.key) {
    case 'introduction':
      return { title: name, content: [p(pitch[0]), p(pitch[1])] };
    case 'presentation':
      return {
        title: ['Notre approche', 'Our approach'],
        content: [
          p(`${name[0]} : des consignes validées avec vous, une double vérification de chaque lot et un taux de qualité mesuré et publié chaque semaine.`),
          p(`${name[1]}: guidelines agreed with you, every batch checked twice and a quality rate measured and shared every week.`),
        ],
      };
    case 'form':
      return { title: ['Parlons de votre projet', 'Tell us about your project'], content: null };
    case 'info':
      return { title: ['Nous contacter', 'Contact us'], content: null };
    case 'footer':
      return {
        title: ['Annotix Data', 'Annotix Data'],
        content: [p('Annotation de données pour l’intelligence artificielle.'), p('Data annotation for artificial intelligence.')],
      };
    case 'services':
      return page === 'home'
        ? {
            title: ['Nos services', 'Our services'],
            content: [p('Six familles d’annotation, un même niveau d’exigence.'), p('Six kinds of annotation, one standard of quality.')],
          }
        : {
            title: ['Tous nos services', 'All our services'],
            content: [p('Choisissez le type d’annotation adapté à vos données.'), p('Choose the annotation that fits your data.')],
          };
    case 'allow_outsourcing':
      return {
        title: ['Pourquoi externaliser', 'Why outsource'],
        content: [
          p('Libérez vos ingénieurs des tâches répétitives et accélérez vos mises en production.'),
          p('Free your engineers from repetitive work and ship your models sooner.'),
        ],
      };
    case 'avoid_outsourcing':
      return {
        title: ['Les pièges à éviter', 'Pitfalls to avoid'],
        content: [
          p('Qualité inégale, consignes mal comprises, données exposées : nous les évitons par méthode.'),
          p('Uneven quality, misread guidelines, exposed data: our method avoids them.'),
        ],
      };
    case 'our_figures':
      return { title: ['Nos chiffres', 'Our figures'], content: [p('Quelques repères depuis 2019.'), p('A few landmarks since 2019.')] };
    case 'our_tools':
      return {
        title: ['Nos outils', 'Our tools'],
        content: [
          p('Nous travaillons dans vos outils ou dans les nôtres : CVAT, Label Studio, outils maison.'),
          p('We work in your tools or ours: CVAT, Label Studio, in-house tools.'),
        ],
      };
    case 'sectors':
      return {
        title: ['Secteurs d’intervention', 'Industries we serve'],
        content: [p('Automobile, santé, commerce, agriculture et sécurité.'), p('Automotive, healthcare, retail, agriculture and security.')],
      };
    case 'our_team':
      return {
        title: ['Notre équipe', 'Our team'],
        content: [p('Des chefs de projet et des annotateurs spécialisés.'), p('Project managers and specialised annotators.')],
      };
    case 'our_identity':
      return {
        title: ['Notre identité', 'Who we are'],
        content: [
          p('Une entreprise tunisienne à impact social, qui forme et emploie de jeunes diplômés.'),
          p('A Tunisian social-impact company that trains and employs young graduates.'),
        ],
      };
    case 'strong_points':
      return {
        title: ['Nos points forts', 'Our strengths'],
        content: [p('Qualité mesurée, sécurité des données, souplesse.'), p('Measured quality, data security, flexibility.')],
      };
    case 'steps':
      return { title: ['Les étapes', 'The steps'], content: null };
    default:
      // The '{type}-types' section of an annotation page: its list is the services of that type.
      return { title: [`Types : ${name[0].toLowerCase()}`, `${name[1]} types`], content: [p(pitch[0]), p(pitch[1])] };
  }
}

type BlockSeed = { key: string; url?: string; title: Pair; content: Pair };
const BLOCKS: Record<string, BlockSeed[]> = {
  'home/services': [
    {
      key: 'pi pi-image',
      url: '2',
      title: ['Images', 'Images'],
      content: [p('Détection, segmentation, points clés.'), p('Detection, segmentation, key points.')],
    },
    { key: 'pi pi-align-left', url: '1', title: ['Texte', 'Text'], content: [p('Entités, sentiments, intentions.'), p('Entities, sentiment, intent.')] },
    { key: 'pi pi-volume-up', url: '1', title: ['Audio', 'Audio'], content: [p('Transcription et diarisation.'), p('Transcription and diarisation.')] },
    { key: 'pi pi-video', url: '2', title: ['Vidéo', 'Video'], content: [p('Suivi d’objets et actions.'), p('Object tracking and actions.')] },
  ],
  'home/allow_outsourcing': [
    {
      key: 'pi pi-clock',
      title: ['Gagner du temps', 'Save time'],
      content: [p('Vos équipes se concentrent sur les modèles.'), p('Your teams focus on the models.')],
    },
    {
      key: 'pi pi-chart-line',
      title: ['Monter en charge', 'Scale up'],
      content: [p('De 1 000 à 1 000 000 d’images par mois.'), p('From 1,000 to 1,000,000 images a month.')],
    },
  ],
  'home/avoid_outsourcing': [
    {
      key: 'pi pi-lock',
      title: ['Fuite de données', 'Data leaks'],
      content: [p('Postes fermés, accès nominatifs, NDA signés.'), p('Locked-down workstations, named access, signed NDAs.')],
    },
    {
      key: 'pi pi-exclamation-triangle',
      title: ['Qualité inégale', 'Uneven quality'],
      content: [p('Double annotation et revue par échantillon.'), p('Double annotation and sample review.')],
    },
  ],
  'home/our_figures': [
    { key: '120', title: ['Annotateurs', 'Annotators'], content: [p('formés et salariés.'), p('trained and employed.')] },
    { key: '98', title: ['% de qualité', '% quality'], content: [p('mesurée sur chaque lot.'), p('measured on every batch.')] },
    { key: '45', title: ['Clients', 'Clients'], content: [p('en Europe et en Afrique.'), p('in Europe and Africa.')] },
  ],
  'home/sectors': [
    {
      key: 'automotive',
      title: ['Automobile', 'Automotive'],
      content: [p('Conduite autonome et aide à la conduite.'), p('Autonomous driving and driver assistance.')],
    },
    {
      key: 'health',
      title: ['Santé', 'Healthcare'],
      content: [p('Imagerie médicale annotée par des profils formés.'), p('Medical imaging labelled by trained staff.')],
    },
    {
      key: 'agriculture',
      title: ['Agriculture', 'Agriculture'],
      content: [p('Comptage, maladies des cultures, drones.'), p('Counting, crop diseases, drones.')],
    },
  ],
  'about_us/our_team': [
    { key: 'team', title: ['Sana Ben Ali', 'Sana Ben Ali'], content: [p('Directrice des opérations'), p('Head of operations')] },
    { key: 'team', title: ['Karim Jaziri', 'Karim Jaziri'], content: [p('Responsable qualité'), p('Quality lead')] },
  ],
  'about_us/our_identity': [
    {
      key: 'pi pi-heart',
      title: ['Impact social', 'Social impact'],
      content: [p('Un premier emploi pour de jeunes diplômés.'), p('A first job for young graduates.')],
    },
    { key: 'pi pi-globe', title: ['Ouverture', 'Openness'], content: [p('Des clients sur trois continents.'), p('Clients on three continents.')] },
  ],
  'about_us/strong_points': [
    {
      key: 'pi pi-check-circle',
      title: ['Qualité', 'Quality'],
      content: [p('98 % mesurés, sinon nous reprenons le lot.'), p('98% measured, or we redo the batch.')],
    },
    { key: 'pi pi-shield', title: ['Sécurité', 'Security'], content: [p('Conforme au RGPD.'), p('GDPR compliant.')] },
  ],
  // Each type of image annotation shows several examples (two images each below).
  'image_annotation/image-annotation-types': [
    {
      key: 'bounding-box',
      title: ['Boîtes englobantes', 'Bounding boxes'],
      content: [p('Un rectangle autour de chaque objet.'), p('A rectangle around each object.')],
    },
    {
      key: 'polygon',
      title: ['Polygones', 'Polygons'],
      content: [p('Le contour exact des formes irrégulières.'), p('The exact outline of irregular shapes.')],
    },
    { key: 'keypoints', title: ['Points clés', 'Key points'], content: [p('Articulations, visages et repères.'), p('Joints, faces and landmarks.')] },
  ],
  'build_a_team/steps': [
    { key: 'pi pi-comments', title: ['Cadrage', 'Scoping'], content: [p('Nous définissons ensemble les consignes.'), p('We agree the guidelines together.')] },
    { key: 'pi pi-users', title: ['Recrutement', 'Staffing'], content: [p('Nous constituons et formons l’équipe.'), p('We staff and train the team.')] },
    {
      key: 'pi pi-play',
      title: ['Production', 'Production'],
      content: [p('Livraisons hebdomadaires et suivi qualité.'), p('Weekly deliveries and quality reports.')],
    },
  ],
};

/**
 * The public website's demo content: every page with each of its sections filled in
 * French and English for a data-annotation company, images where a section shows one (two on the
 * image-annotation page), and blocks where a section has them (two images each on that page).
 */
export async function seedSite(db: Db, uploads?: ObjectStore) {
  for (const page of PAGE_KEYS) {
    const [{ id: pageId }] = await db.insert(sitePages).values({ key: page }).returning({ id: sitePages.id });
    const { colour } = TOPIC[page];
    for (const [i, def] of pageSections(page).entries()) {
      const { title, content } = sectionText(page, def);
      const [{ id }] = await db
        .insert(siteSections)
        .values({
          pageId,
          key: def.key,
          position: i,
          titleFr: title[0],
          titleEn: title[1],
          contentFr: content?.[0] ?? null,
          contentEn: content?.[1] ?? null,
          imgTitleFr: def.image ? title[0] : null,
          imgTitleEn: def.image ? title[1] : null,
          imgAlt: def.image ? `${title[0]} / ${title[1]}` : null,
          url: def.key === 'footer' ? 'https://maps.google.com/?q=Les+Berges+du+Lac+Tunis' : def.link ? 'https://www.cvat.ai' : null,
          phone: def.contact ? '+21671960000' : null,
          email: def.contact ? 'contact@annotix.tn' : null,
          address: def.contact === 'footer' ? 'Immeuble Lac Palace, Les Berges du Lac, 1053 Tunis' : null,
        })
        .returning({ id: siteSections.id });
      if (uploads && def.image) {
        const count = multipleImages(page) ? 2 : 1;
        for (let n = 0; n < count; n++) {
          const rgb: Rgb = [(colour[0] + 40 * n) % 256, colour[1], (colour[2] + 30 * i) % 256];
          await saveMedia(db, uploads, {
            entity: SECTIONS_ENTITY,
            entityId: id,
            collection: 'img',
            family: 'image',
            fileName: `${page}-${def.key}-${n + 1}.png`,
            buffer: solidPng(160, 96, rgb),
            replace: false,
          });
        }
      }
      for (const [k, block] of (BLOCKS[`${page}/${def.key}`] ?? []).entries()) {
        const [{ id: blockId }] = await db
          .insert(siteBlocks)
          .values({
            sectionId: id,
            position: k + 1,
            key: block.key,
            url: block.url ?? null,
            titleFr: block.title[0],
            titleEn: block.title[1],
            contentFr: block.content[0],
            contentEn: block.content[1],
            imgTitleFr: block.title[0],
            imgTitleEn: block.title[1],
            imgAlt: block.title[0],
          })
          .returning({ id: siteBlocks.id });
        for (let n = 0; uploads && n < (multipleImages(page) ? 2 : 1); n++) {
          const rgb: Rgb = [colour[0], (colour[1] + 25 * k) % 256, (colour[2] + 60 * n) % 256];
          const name = `${block.title[1].toLowerCase().replace(/\W+/g, '-')}${n ? `-${n + 1}` : ''}.png`;
          await saveMedia(db, uploads, {
            entity: BLOCKS_ENTITY,
            entityId: blockId,
            collection: 'img',
            family: 'image',
            fileName: name,
            buffer: solidPng(96, 96, rgb),
          });
        }
      }
    }
  }
}
