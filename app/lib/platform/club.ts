/** The club as its e-mails name it: who sends, who to write to, and where its links lead. */
export interface ClubMail {
  clubName: string;
  clubEmail: string;
}

/** For e-mails with links: the site's public address (SITE_URL), without a trailing slash. */
export interface ClubSite extends ClubMail {
  siteUrl: string;
}
