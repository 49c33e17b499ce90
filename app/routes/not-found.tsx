import { data } from "react-router";
import { NotFound } from "~/components/layout/not-found";

/** Any path no other route claims: the 404 page, with HTTP status 404. */
export function loader() {
  return data(null, { status: 404 });
}

export default function CatchAll() {
  return <NotFound />;
}
