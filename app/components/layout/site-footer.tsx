import { Link } from "react-router";
import type { Club } from "~/lib/platform/club-settings";
import { navigation } from "~/lib/platform/site";

export type FooterWords = Pick<Club, "blurb" | "missionQuote" | "social" | "founded">;

/** `words` null: a bare error page without the root's data (only the name is shown). */
export function SiteFooter({ clubName, clubEmail, words }: { clubName: string; clubEmail: string; words: FooterWords | null }) {
  return (
    <footer className="mt-12 border-t bg-slate-900 text-slate-200">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div className="lg:col-span-2">
          <p className="font-semibold text-white">{clubName}</p>
          {words && (
            <>
              <p className="mt-2 text-sm text-slate-300">{words.blurb}</p>
              <blockquote className="mt-4 border-l-2 border-sky-400 pl-3 text-sm italic text-slate-300">
                “{words.missionQuote}”
              </blockquote>
            </>
          )}
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Navigation</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {navigation.map((item) => (
              <li key={item.to}>
                <Link to={item.to} reloadDocument className="hover:underline">
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/news" reloadDocument className="hover:underline">
                News
              </Link>
            </li>
            <li>
              <Link to="/registration" className="hover:underline">
                Driver Registration
              </Link>
            </li>
            <li>
              <Link to="/race-registration" className="hover:underline">
                Race Registration
              </Link>
            </li>
            <li>
              <Link to="/privacy" reloadDocument className="hover:underline">
                Privacy notice
              </Link>
            </li>
          </ul>
        </div>
        <div>
          <h2 className="text-sm font-semibold text-white">Contact</h2>
          <p className="mt-2 text-sm">
            <a href={`mailto:${clubEmail}`} className="hover:underline">
              {clubEmail}
            </a>
          </p>
          {words && words.social.length > 0 && (
            <>
              <h2 className="mt-4 text-sm font-semibold text-white">Follow us</h2>
              <ul className="mt-2 flex flex-wrap gap-3 text-sm">
                {words.social.map((link, index) => (
                  <li key={index}>
                    <a href={link.href} rel="noopener noreferrer" target="_blank" className="hover:underline">
                      {link.label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {words ? `© ${clubName}, founded ${words.founded}` : `© ${clubName}`}
      </p>
    </footer>
  );
}
