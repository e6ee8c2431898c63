/**
 * Terms of use and sale shown at /cgu_cgv: twelve numbered sections, each a title
 * and an HTML description. Static text shipped with the app (never user input), so it is safe to
 * render as HTML.
 */
export interface TermsSection {
  title: string;
  html: string;
}

export const TERMS = {
  title: 'Conditions générales',
  documentType: "Conditions générales d'utilisation et de vente",
  lastUpdate: '25/06/2025',
};

const ORDINALS = [
  'Premier',
  'Deuxième',
  'Troisième',
  'Quatrième',
  'Cinquième',
  'Sixième',
  'Septième',
  'Huitième',
  'Neuvième',
  'Dixième',
  'Onzième',
  'Douzième',
];

export const articleLabel = (index: number) => `${ORDINALS[index]} article`;

export const TERMS_SECTIONS: TermsSection[] = [
  {
    title: 'Objet',
    html: `<p>Les présentes conditions générales d'utilisation et de vente (ci-après les « Conditions ») définissent les règles d'accès et d'utilisation du <strong>Programme Fidélité</strong> : l'application mobile, le site web et l'espace de commande en ligne mis à la disposition des clients professionnels (ci-après le « Programme »).</p>
<p>Le Programme permet aux clients professionnels de cumuler des points de fidélité, d'obtenir des badges, d'échanger leurs points contre des cadeaux ou des bons d'achat, et de passer des commandes de produits auprès de l'Éditeur.</p>
<p>Toute inscription au Programme emporte l'acceptation pleine et entière des présentes Conditions. L'Éditeur peut les modifier à tout moment ; la version applicable est celle publiée à la date de l'utilisation ou de la commande.</p>`,
  },
  {
    title: 'Définitions',
    html: `<p>Au sens des présentes Conditions, les termes suivants ont la signification ci-après :</p>
<ul>
<li><strong>Éditeur</strong> : la société qui exploite le Programme et commercialise les produits proposés ;</li>
<li><strong>Client</strong> : toute personne morale ou tout commerçant inscrit au registre national des entreprises, identifié par un code client, qui adhère au Programme ;</li>
<li><strong>Utilisateur</strong> : toute personne physique habilitée par un Client à utiliser le Programme en son nom (gérant, patente, collaborateur) ;</li>
<li><strong>Compte</strong> : l'espace personnel sécurisé attribué à chaque Utilisateur ;</li>
<li><strong>Points</strong> : les unités de fidélité attribuées au Client selon les règles du Programme ;</li>
<li><strong>Badge</strong> : le niveau de fidélité atteint par le Client, qui ouvre droit à des avantages ;</li>
<li><strong>Cadeau</strong> et <strong>Bon d'achat</strong> : les avantages obtenus en échange de Points ou au titre des ristournes ;</li>
<li><strong>Commande B2B</strong> : toute commande de produits passée par un Client pour les besoins de son activité professionnelle.</li>
</ul>`,
  },
  {
    title: 'Inscription et compte',
    html: `<p>L'adhésion au Programme est réservée aux clients professionnels de l'Éditeur disposant d'un code client actif. L'inscription est validée par l'Éditeur après vérification des informations fournies (raison sociale, matricule fiscal, adresse, coordonnées).</p>
<p>Chaque Utilisateur accède à son Compte au moyen de son adresse e-mail et d'un mot de passe personnel et confidentiel. Il est seul responsable de la conservation de ses identifiants et de toute action effectuée depuis son Compte. En cas de perte ou d'utilisation frauduleuse, il en informe l'Éditeur sans délai et modifie son mot de passe.</p>
<p>L'Éditeur peut suspendre ou désactiver un Compte en cas de manquement aux présentes Conditions, d'informations inexactes ou d'usage frauduleux du Programme, après en avoir informé le Client, sauf urgence.</p>`,
  },
  {
    title: 'Programme de fidélité et points',
    html: `<p>Les Points sont attribués au Client en fonction des achats réglés, des produits éligibles et des opérations promotionnelles annoncées par l'Éditeur. Le barème en vigueur est consultable dans l'application.</p>
<p>Des Points peuvent également être offerts par l'Éditeur à titre commercial ; ils sont alors crédités sur le solde du Client et signalés comme tels.</p>
<p>Les Points sont attachés au Client et ne sont ni cessibles, ni remboursables, ni convertibles en espèces. Les Points correspondant à une commande annulée, retournée ou impayée sont retirés du solde. L'Éditeur peut fixer une durée de validité des Points, portée à la connaissance des Clients.</p>`,
  },
  {
    title: 'Badges',
    html: `<p>Selon son chiffre d'affaires et son ancienneté, le Client atteint un Badge qui lui ouvre droit à un bonus de points d'attribution, d'évolution ou de maintien, selon les règles décrites dans l'application.</p>
<p>Le Badge est réexaminé périodiquement. Il peut évoluer à la hausse comme à la baisse en fonction de l'activité du Client sur la période de référence.</p>`,
  },
  {
    title: "Cadeaux et bons d'achat",
    html: `<p>Le Client peut convertir ses Points en Cadeaux ou en Bons d'achat parmi ceux présentés dans le catalogue du Programme, dans la limite des stocks disponibles. Toute demande de conversion est soumise à la validation de l'Éditeur ; les Points correspondants sont réservés pendant le traitement et restitués en cas de refus.</p>
<p>Les Cadeaux sont remis au Client ou livrés à l'adresse de livraison indiquée dans son Compte, contre bon de sortie. Les Bons d'achat et les ristournes sont utilisables dans les conditions et délais mentionnés sur chacun d'eux ; ils ne sont ni remboursables ni échangeables contre des espèces.</p>`,
  },
  {
    title: 'Commandes B2B',
    html: `<p>Les Commandes B2B sont passées en ligne par les Utilisateurs habilités. Une commande n'est ferme qu'après sa validation par l'Éditeur, qui en informe le Client. L'Éditeur peut refuser ou modifier une commande en cas d'indisponibilité des produits, d'encours dépassé ou de litige en cours ; il en indique alors le motif.</p>
<p>Le suivi de chaque commande (nouvelle, en cours de traitement, acceptée ou refusée) est consultable depuis le Compte du Client.</p>`,
  },
  {
    title: 'Prix et paiement',
    html: `<p>Les prix sont exprimés en <strong>dinars tunisiens (DT)</strong>, hors taxes et toutes taxes comprises, selon le tarif applicable au Client à la date de la commande. Les remises, ristournes et bons d'achat sont déduits dans les conditions convenues.</p>
<p>Les commandes sont réglées selon le mode et le délai de paiement prévus au compte du Client (espèces, chèque, traite ou virement bancaire). Tout retard de paiement peut entraîner la suspension des commandes en cours et des avantages du Programme, sans préjudice des pénalités prévues par la loi.</p>`,
  },
  {
    title: 'Livraison',
    html: `<p>Les produits sont livrés à l'adresse de livraison du Client, sur le territoire tunisien, dans le délai indiqué lors de la validation de la commande. Ce délai est donné à titre indicatif ; un retard ne peut justifier l'annulation de la commande que s'il dépasse trente (30) jours.</p>
<p>Le Client vérifie les produits à la réception et porte toute réserve (manquant, casse, non-conformité) sur le bon de livraison, puis la confirme à l'Éditeur dans un délai de quarante-huit (48) heures. Les retours sont acceptés après accord préalable de l'Éditeur.</p>`,
  },
  {
    title: 'Données personnelles',
    html: `<p>L'Éditeur traite les données personnelles des Utilisateurs (identité, coordonnées, données de connexion et historique d'utilisation du Programme) afin de gérer les Comptes, les Points, les Cadeaux et les commandes, et d'informer les Clients des offres du Programme.</p>
<p>Ces traitements sont réalisés conformément à la <strong>loi organique n° 2004-63 du 27 juillet 2004</strong> portant sur la protection des données à caractère personnel. Les données sont conservées pendant la durée de la relation commerciale, puis pendant les délais légaux de prescription, et ne sont communiquées qu'aux personnes habilitées et aux prestataires intervenant dans la livraison ou l'hébergement.</p>
<p>Chaque Utilisateur dispose d'un droit d'accès, de rectification et d'opposition pour motif légitime, qu'il exerce par e-mail ou depuis son Compte. Le détail figure dans la <a href="/Eskimo_privacy_policy_fr.html" target="_blank" rel="noopener">politique de confidentialité</a>.</p>`,
  },
  {
    title: 'Responsabilité',
    html: `<p>L'Éditeur met en œuvre les moyens raisonnables pour assurer l'accès au Programme et la sécurité des données, sans pouvoir garantir une disponibilité continue ; des interruptions peuvent intervenir pour maintenance ou pour des raisons indépendantes de sa volonté.</p>
<p>L'Éditeur ne saurait être tenu responsable des dommages indirects, ni des conséquences d'une utilisation du Programme non conforme aux présentes Conditions, ni d'un cas de force majeure. Le Client répond de l'usage fait de ses Comptes par ses Utilisateurs.</p>`,
  },
  {
    title: 'Droit applicable et juridiction',
    html: `<p>Les présentes Conditions sont régies par le <strong>droit tunisien</strong>. Les parties s'efforcent de résoudre à l'amiable tout différend relatif à leur interprétation ou à leur exécution.</p>
<p>À défaut d'accord amiable dans un délai de trente (30) jours, le litige est porté devant les <strong>tribunaux compétents de Tunis</strong>.</p>`,
  },
];
