/** The static privacy policy, dated 08 January 2025; the contact e-mail comes from configuration. */
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function privacyPolicyHtml(contactEmail: string): string {
  const email = escapeHtml(contactEmail);
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Politique de confidentialité — Programme Fidélité</title>
<style>
  body { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2937; line-height: 1.6; margin: 0; background: #f5f6fa; }
  main { max-width: 860px; margin: 0 auto; padding: 2rem 1.25rem 4rem; background: #fff; }
  h1 { color: #4754cb; font-size: 1.8rem; margin-bottom: .25rem; }
  h2 { color: #2f3a9e; font-size: 1.2rem; margin-top: 2rem; }
  .date { color: #6b7280; margin-top: 0; }
  .en { color: #4b5563; font-style: italic; }
  a { color: #4754cb; }
</style>
</head>
<body>
<main>
<h1>Politique de confidentialité</h1>
<p class="date">Dernière mise à jour : 08 janvier 2025</p>
<p>La présente politique décrit la manière dont le Programme Fidélité (l’« Application », le « Service ») collecte, utilise et protège les informations des commerçants partenaires et de leurs utilisateurs, conformément à la loi organique n° 2004-63 du 27 juillet 2004 portant sur la protection des données à caractère personnel.</p>
<p class="en">This policy describes how the Loyalty Programme collects, uses and protects the information of partner businesses and their users.</p>

<h2>1. Définitions</h2>
<p><strong>Données personnelles</strong> : toute information se rapportant à une personne physique identifiée ou identifiable. <strong>Traitement</strong> : toute opération portant sur ces données (collecte, enregistrement, consultation, suppression…). <strong>Utilisateur</strong> : toute personne qui utilise l’application mobile ou le site du programme. <strong>Responsable du traitement</strong> : la société qui exploite le programme.</p>

<h2>2. Données collectées</h2>
<p>Nous collectons les données que vous nous fournissez (nom, prénom, adresse e-mail, numéro de téléphone, raison sociale, code client, matricule fiscal, adresse de livraison) et des données d’utilisation (date et heure de connexion, type d’appareil, adresse IP, pages consultées, commandes et points de fidélité).</p>
<p>Avec votre autorisation, l’application mobile peut accéder à votre <strong>position</strong> (pour localiser votre point de vente et les livraisons) et à votre <strong>appareil photo ou vos photos</strong> (pour scanner un code ou joindre une image). Vous pouvez retirer ces autorisations à tout moment dans les réglages de votre appareil.</p>
<p class="en">With your permission, the mobile application may access your location and your camera or photos. You can withdraw these permissions at any time in your device settings.</p>

<h2>3. Utilisation des données</h2>
<p>Vos données servent à gérer votre compte, vos commandes, vos points, badges, cadeaux et bons d’achat ; à calculer les remises et ristournes annuelles ; à vous adresser des notifications liées au programme ; à assurer la sécurité du service et à en mesurer l’usage.</p>

<h2>4. Partage des données</h2>
<p>Vos données ne sont ni vendues ni louées. Elles sont partagées uniquement avec le personnel habilité du programme (administrateurs, chefs de zone, magasiniers), avec nos prestataires techniques (hébergement, envoi d’e-mails et de SMS) tenus à la confidentialité, et avec les autorités lorsque la loi l’exige.</p>

<h2>5. Durée de conservation</h2>
<p>Les données du compte sont conservées pendant toute la durée de la relation commerciale puis archivées pendant la durée légale de conservation des pièces comptables. Les journaux de connexion sont conservés douze mois.</p>

<h2>6. Transfert des données</h2>
<p>Les données sont hébergées en Tunisie ou dans un pays assurant un niveau de protection adéquat. Tout transfert à l’étranger se fait dans le respect des conditions fixées par l’Instance nationale de protection des données personnelles (INPDP).</p>

<h2>7. Divulgation des données</h2>
<p>Nous pouvons divulguer des données si la loi l’impose, pour répondre à une décision de justice, ou pour protéger les droits, la sécurité et les biens du programme et de ses utilisateurs.</p>

<h2>8. Sécurité</h2>
<p>Les mots de passe sont stockés sous forme chiffrée irréversible, les échanges sont chiffrés, l’accès au back-office est limité par rôle et chaque modification est tracée. Aucune méthode de transmission ou de stockage n’étant totalement sûre, nous ne pouvons garantir une sécurité absolue.</p>
<p class="en">No method of transmission over the Internet or of electronic storage is completely secure; we use commercially acceptable means to protect your data.</p>

<h2>9. Liens vers d’autres sites</h2>
<p>Le service peut contenir des liens vers des sites tiers. Nous n’avons aucun contrôle sur leur contenu ni sur leurs pratiques et vous invitons à consulter leur propre politique de confidentialité.</p>

<h2>10. Modifications de la politique</h2>
<p>Nous pouvons mettre à jour cette politique. La date de dernière mise à jour figure en haut de cette page ; les changements importants vous seront notifiés dans l’application.</p>

<h2>11. Nous contacter</h2>
<p>Pour exercer vos droits d’accès, de rectification et d’opposition, ou pour toute question : par e-mail à <a href="mailto:${email}">${email}</a>, ou via la page de contact du site du programme.</p>
<p class="en">If you have any questions about this Privacy Policy, you can contact us by e-mail at ${email} or through the contact page of our website.</p>
</main>
</body>
</html>`;
}
