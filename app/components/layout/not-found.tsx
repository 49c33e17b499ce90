import { Link } from "react-router";
import { buttonClasses } from "~/components/ui/button";

/** 'Race Not Found', 'Racer Not Found' and the 404 page share this look. */
export function NotFoundMessage({
  title,
  message,
  to,
  linkText,
}: {
  title: string;
  message: string;
  to: string;
  linkText: string;
}) {
  return (
    <div className="mx-auto max-w-md py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-3 text-muted-foreground">{message}</p>
      <Link to={to} className={buttonClasses({}, "mt-6")}>
        {linkText}
      </Link>
    </div>
  );
}

export function NotFound() {
  return <NotFoundMessage title="404" message="Oops! Page not found" to="/" linkText="Return to Home" />;
}
