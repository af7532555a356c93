#!/usr/bin/env python3
"""Google's own Python client against google-emulator, unmodified.

Signs in with google-auth-oauthlib's InstalledAppFlow (loopback redirect, PKCE), then
drives Calendar v3, Drive v3 (and v2) and People v1 through googleapiclient.discovery.build with
the static discovery documents the library ships, pointed at the emulator with
client_options, and checks every JSON answer against those documents. A few steps use
google-auth's AuthorizedSession raw (a gzipped body, as Java's client sends them) and
aiogoogle, a third-party async client that builds its requests from the same discovery
documents (their rootUrl set to the emulator), gcsa (Google Calendar Simple API: its own
Event objects, written and parsed by it, over a service pointed at the emulator), gcal-sync
(Home Assistant's calendar sync: its own aiohttp requests, at the emulator by its own `host`
argument), gcalcli (the terminal client, run as its own command line in a process of its
own; the one thing set is the `build` it calls, given the emulator as api_endpoint, since it
has no option for another host), one step builds the services from
the discovery documents the emulator serves (discoveryServiceUrl), and one drives PyDrive2
(Drive v2, with its own oauth2client sign-in; its `service` built from the emulator's
document, as PyDrive2 otherwise builds it at Google's host). Nothing in the
libraries is patched; what the script sets is each library's own public surface:

* OAUTHLIB_INSECURE_TRANSPORT=1, since the emulator speaks plain HTTP on loopback;
* a registered webbrowser controller that plays the person at the browser;
* build(requestBuilder=…), a subclass of the library's HttpRequest that checks shapes;
* the scheme of a media upload's `uri`, which the library derives from the discovery
  document's https rootUrl even under an http api_endpoint (see Fidelity.upload).

    google_client_fidelity.py http://127.0.0.1:PORT

Prints one line per step (`ok   calendar insert`, `FAIL drive resumable upload: …`), its
time, then `fidelity: N passed, M failed`; exits 1 when any step failed. Tokens are never
printed.
"""

import base64
import datetime
import hashlib
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.parse
import urllib.request
import uuid
import webbrowser

# The emulator is http://127.0.0.1; oauthlib refuses plain HTTP unless told it is a test.
os.environ.setdefault("OAUTHLIB_INSECURE_TRANSPORT", "1")

import google.auth.exceptions  # noqa: E402
import google.auth.transport.requests  # noqa: E402
import google.oauth2.credentials  # noqa: E402
from google_auth_oauthlib.flow import InstalledAppFlow  # noqa: E402
from googleapiclient import discovery_cache  # noqa: E402
from googleapiclient import version as googleapiclient_version  # noqa: E402
from googleapiclient.discovery import build  # noqa: E402
from googleapiclient.errors import HttpError  # noqa: E402
from googleapiclient.http import HttpRequest, MediaIoBaseDownload, MediaIoBaseUpload  # noqa: E402

SCOPE = "https://www.googleapis.com/auth/"
SIGN_IN_SCOPES = [SCOPE + s for s in (
    "calendar.events", "calendar.calendarlist.readonly", "calendar.app.created", "drive.file", "contacts.readonly")]
KIB = 1024


class StepFailed(Exception):
    pass


def check(condition, message):
    if not condition:
        raise StepFailed(message)


def reason_of(error):
    """Google's reason from an HttpError: errors[0].reason, else the ErrorInfo's, else status."""
    try:
        body = json.loads(error.content.decode("utf-8"))["error"]
    except (ValueError, KeyError, TypeError, AttributeError):
        return None
    for item in body.get("errors") or []:
        if item.get("reason"):
            return item["reason"]
    for item in body.get("details") or []:
        if item.get("reason"):
            return item["reason"]
    return body.get("status")


def expect_http_error(status, call, what, reasons=None):
    """Runs `call` and insists it raises HttpError `status` (with one of `reasons`)."""
    try:
        call()
    except HttpError as error:
        check(error.resp.status == status, f"{what}: expected HTTP {status}, got {error.resp.status} ({reason_of(error)})")
        if reasons is not None:
            check(reason_of(error) in reasons, f"{what}: expected reason {' or '.join(reasons)}, got {reason_of(error)}")
        return error
    raise StepFailed(f"{what}: expected HTTP {status}, but the call succeeded")


def drive_literal(text):
    """A Drive `q` string literal: backslash before `\\` and `'`, backslashes first."""
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


class Shapes:
    """Checks every JSON answer against the discovery document the library ships (the one
    static_discovery=True builds from): each field must be one its schema names, with the
    schema's type, format and enum. A violation fails the step that made the call."""

    def __init__(self):
        self.docs = {}
        self.methods = {}
        self.violations = []

    def response_schema(self, method_id, version=None):
        api = method_id.split(".")[0]
        version = version or {"calendar": "v3", "drive": "v3", "people": "v1"}[api]
        if (method_id, version) not in self.methods:
            doc = self.docs.setdefault((api, version), json.loads(discovery_cache.get_static_doc(api, version)))

            def find(resources):
                for resource in resources.values():
                    for method in resource.get("methods", {}).values():
                        if method.get("id") == method_id:
                            return method.get("response", {}).get("$ref")
                    found = find(resource.get("resources", {}))
                    if found:
                        return found
                return None

            self.methods[(method_id, version)] = (doc, find(doc.get("resources", {})))
        return self.methods[(method_id, version)]

    def check(self, method_id, value, version=None):
        """`version`: the API's version when it is not the one the script builds (Drive v2)."""
        if not method_id or not isinstance(value, dict) or not value:
            return  # media, exports and empty 204 answers have no schema to check
        doc, ref = self.response_schema(method_id, version)
        if ref:
            self.walk(doc, {"$ref": ref}, value, ref, method_id)

    def fault(self, method_id, path, text):
        self.violations.append(f"{method_id} {path}: {text}")

    def walk(self, doc, schema, value, path, method_id):
        while "$ref" in schema:
            schema = doc["schemas"][schema["$ref"]]
        kind = schema.get("type")
        if kind == "object" or "properties" in schema:
            if not isinstance(value, dict):
                return self.fault(method_id, path, f"expected an object, got {type(value).__name__}")
            properties = schema.get("properties", {})
            extra = schema.get("additionalProperties")
            for key, item in value.items():
                if key in properties:
                    self.walk(doc, properties[key], item, f"{path}.{key}", method_id)
                elif extra is not None:
                    self.walk(doc, extra, item, f"{path}[{key}]", method_id)
                else:
                    self.fault(method_id, path, f"field {key!r} is not in the discovery schema")
        elif kind == "array":
            if not isinstance(value, list):
                return self.fault(method_id, path, f"expected an array, got {type(value).__name__}")
            for index, item in enumerate(value):
                self.walk(doc, schema.get("items", {}), item, f"{path}[{index}]", method_id)
        elif kind == "string":
            if not isinstance(value, str):
                return self.fault(method_id, path, f"expected a string, got {value!r}")
            form = schema.get("format")
            if form in ("int64", "uint64") and not value.lstrip("-").isdigit():
                self.fault(method_id, path, f"{value!r} is not an {form} string")
            elif form == "date-time":
                try:
                    datetime.datetime.fromisoformat(value.replace("Z", "+00:00"))
                except ValueError:
                    self.fault(method_id, path, f"{value!r} is not an RFC 3339 date-time")
            elif form == "date":
                try:
                    datetime.date.fromisoformat(value)
                except ValueError:
                    self.fault(method_id, path, f"{value!r} is not a date")
            if "enum" in schema and value not in schema["enum"]:
                self.fault(method_id, path, f"{value!r} is not one of {schema['enum']}")
        elif kind == "integer":
            if isinstance(value, bool) or not isinstance(value, int):
                self.fault(method_id, path, f"expected an integer, got {value!r}")
        elif kind == "number":
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                self.fault(method_id, path, f"expected a number, got {value!r}")
        elif kind == "boolean":
            if not isinstance(value, bool):
                self.fault(method_id, path, f"expected a boolean, got {value!r}")


SHAPES = Shapes()


class CheckedRequest(HttpRequest):
    """The library's own HttpRequest, given to build() as its documented requestBuilder,
    with each JSON answer checked by SHAPES."""

    def version(self):
        return "v2" if "/drive/v2/" in self.uri else None

    def execute(self, *args, **kwargs):
        result = super().execute(*args, **kwargs)
        SHAPES.check(self.methodId, result, self.version())
        return result

    def next_chunk(self, *args, **kwargs):
        status, body = super().next_chunk(*args, **kwargs)
        if body is not None:
            SHAPES.check(self.methodId, body, self.version())
        return status, body


class Emulator:
    """The emulator's control paths (`/_emulator/…`), over urllib."""

    def __init__(self, root):
        self.root = root.rstrip("/")
        self.opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))

    def control(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.root + "/_emulator/" + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        with self.opener.open(request, timeout=30) as response:
            return json.loads(response.read() or b"{}")

    def requests(self):
        return self.control("GET", "requests")["requests"]

    def clear_requests(self):
        self.control("DELETE", "requests")

    def arm(self, **fault):
        self.control("POST", "faults", fault)

    def mint(self, scopes):
        return self.control("POST", "token", {"scopes": scopes})["access_token"]


class PlayedBrowser(webbrowser.BaseBrowser):
    """Plays the person at the browser: GETs the consent URL on a thread and follows the
    emulator's 302 to the flow's loopback listener, as a browser would."""

    def __init__(self):
        super().__init__("fidelity-browser")
        self.opened = []
        self.thread = None
        self.error = None
        self.landing = None

    def open(self, url, new=0, autoraise=True):
        self.opened.append(url)

        def play():
            opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
            try:
                with opener.open(url, timeout=30) as response:
                    self.landing = (response.status, response.geturl(), response.read().decode("utf-8", "replace"))
            except Exception as error:  # reported by the sign-in step
                self.error = error

        self.thread = threading.Thread(target=play, name="played-browser", daemon=True)
        self.thread.start()
        return True


class Fidelity:
    def __init__(self, root):
        self.root = root.rstrip("/")
        self.emulator = Emulator(self.root)
        self.failures = 0
        self.steps = 0
        self.creds = None
        self.stamp = uuid.uuid4().hex[:8]

    # MARK: running

    def step(self, name, function):
        self.steps += 1
        started = time.monotonic()
        seen = len(SHAPES.violations)
        try:
            function()
            wrong = SHAPES.violations[seen:]
            if wrong:
                more = f" (and {len(wrong) - 3} more)" if len(wrong) > 3 else ""
                raise StepFailed("answers differ from the discovery schema: " + "; ".join(wrong[:3]) + more)
        except StepFailed as error:
            self.failures += 1
            print(f"FAIL {name}: {error}", flush=True)
            return False
        except HttpError as error:
            self.failures += 1
            where = urllib.parse.urlsplit(error.uri or "").path  # not the query: an upload_id is a credential
            print(f"FAIL {name}: HTTP {error.resp.status} {reason_of(error)} from {where}", flush=True)
            return False
        except Exception as error:
            self.failures += 1
            last = traceback.extract_tb(error.__traceback__)[-1]
            print(f"FAIL {name}: {type(error).__name__}: {error} (at {os.path.basename(last.filename)}:{last.lineno})", flush=True)
            return False
        print(f"ok   {name} ({time.monotonic() - started:.1f}s)", flush=True)
        return True

    def service(self, name, version, path, creds=None):
        return build(name, version, credentials=creds or self.creds, static_discovery=True,
                     client_options={"api_endpoint": self.root + path}, requestBuilder=CheckedRequest)

    def upload(self, request):
        """The library builds a media upload's URL from the discovery document's rootUrl and,
        under client_options.api_endpoint, swaps only the host (discovery.py
        _fix_up_media_path_base_url), so an upload to a plain-HTTP endpoint still says https.
        The emulator has no TLS: put the endpoint's scheme back on the request's public `uri`.
        Everything after that (resumable session URI, chunks, retries) is the library's own."""
        secure = "https://" + urllib.parse.urlsplit(self.root).netloc + "/"
        check(request.uri.startswith(secure), f"the upload goes to {request.uri.split('?')[0]}, not the emulator")
        request.uri = self.root + "/" + request.uri[len(secure):]
        return request

    def run(self):
        print(f"google-api-python-client {googleapiclient_version.__version__}, google-auth {google.auth.__version__}", flush=True)
        if not self.step("sign-in", self.sign_in):
            print("FAIL the rest: skipped, nothing works without a signed-in account", flush=True)
            return
        self.step("refresh", self.refresh)
        self.step("oauth2 v2 userinfo.get", self.userinfo)
        self.calendar = self.service("calendar", "v3", "/calendar/v3/")
        for name, function in [
            ("calendar list", self.calendar_list),
            ("calendar insert", self.calendar_insert),
            ("calendar insert again (409)", self.calendar_insert_again),
            ("calendar list range", self.calendar_list_range),
            ("calendar paging", self.calendar_paging),
            ("calendar full sync", self.calendar_full_sync),
            ("calendar patch", self.calendar_patch),
            ("calendar update", self.calendar_update),
            ("calendar quickAdd", self.calendar_quick_add),
            ("calendar delete (204, then 410)", self.calendar_delete),
            ("calendar incremental sync", self.calendar_incremental_sync),
            ("calendar recurring instances", self.calendar_recurring),
            ("calendar Meet with conferenceDataVersion=1", self.calendar_conference),
            ("calendar sync of singleEvents gives instances", self.calendar_single_events_sync),
            ("calendar list entry and ACL writes", self.calendar_list_and_acl),
            ("calendar expired sync token (410)", self.calendar_expired_sync_token),
            ("calendar orderBy=startTime without singleEvents (400)", self.calendar_order_needs_single_events),
            ("calendar q and privateExtendedProperty filters", self.calendar_filters),
            ("calendar import by iCalUID, twice", self.calendar_import),
            ("calendar freeBusy, colors and settings", self.calendar_free_busy_colors_settings),
            ("calendar calendars get and patch", self.calendar_calendars),
            ("calendar events.watch refused (501)", self.calendar_watch_refused),
            ("calendar settings paged with list_next", self.calendar_settings_paged),
            ("calendar fields naming no member (400)", self.calendar_unknown_fields),
            ("calendar as gcalcli's interactive editor sends it (replayed)", self.calendar_gcalcli_replay),
            ("token expiry (401, refresh by itself)", self.token_expiry),
        ]:
            self.step(name, function)
        self.drive = self.service("drive", "v3", "/drive/v3/")
        self.drive_state = {}
        for name, function in [
            ("drive start page token", self.drive_start_page_token),
            ("drive multipart upload", self.drive_multipart),
            ("drive resumable upload", self.drive_resumable),
            ("drive list with escaped q", self.drive_list_escaped),
            ("drive download", self.drive_download),
            ("drive export", self.drive_export),
            ("drive export as PDF (Google's export_pdf sample)", self.drive_export_pdf),
            ("drive update content", self.drive_update_content),
            ("drive trash", self.drive_trash),
            ("drive delete", self.drive_delete),
            ("drive generateIds", self.drive_generate_ids),
            ("drive changes", self.drive_changes),
            ("drive permissions", self.drive_permissions),
            ("drive copy", self.drive_copy),
            ("drive list with or, not, parentheses and orderBy", self.drive_list_grammar),
            ("drive teamdrives list (none)", self.drive_team_drives),
            ("drive files.watch refused (501)", self.drive_watch_refused),
            ("drive comments: create, list, update, a resolving reply, delete (fields required), revisions list", self.drive_comments),
            ("drive v2 (build('drive', 'v2')): insert, list, get_media, update, changes, trash, delete, seen by v3", self.drive_v2),
            ("PyDrive2: its own sign-in, SetContentString and Upload, ListFile, GetContentString, update, GetRevisions, v2 comments, convert, "
             "InsertPermission, Trash, Delete",
             self.pydrive2),
        ]:
            self.step(name, function)
        self.people_state = {}
        for name, function in [
            ("people create contacts", self.people_create),
            ("people connections paging", self.people_connections),
            ("people incremental sync", self.people_incremental_sync),
            ("people searchContacts", self.people_search),
            ("people searchContacts stale until the warm-up", self.people_search_warm_up),
            ("people contact groups", self.people_contact_groups),
            ("people get me and connections sortOrder", self.people_me_and_sort_order),
            ("people directory refused (400 FAILED_PRECONDITION)", self.people_directory_refused),
        ]:
            self.step(name, function)
        for name, function in [
            ("calendar BatchHttpRequest: three inserts and a 404, answered in order", self.calendar_batch),
            ("calendar If-Match with a stale etag (412)", self.calendar_if_match),
            ("a batch is of one API: a Drive part in the Calendar batch is 404", self.batch_of_one_api),
            ("people $.xgafv=1 adds the errors list, another value is 400", self.people_error_format),
            ("drive resumable session cancelled by DELETE (499, then 404)", self.drive_resumable_cancel),
            ("AuthorizedSession: a gzipped body, prettyPrint indented and false", self.authorized_session_raw),
            ("build from the emulator's discovery documents: an upload and a batch, unaided", self.discovery_service),
            ("aiogoogle calendar insert, list and delete", self.aiogoogle_calendar),
            ("aiogoogle drive upload with metadata and no uploadType", self.aiogoogle_drive),
            ("aiogoogle people connections and searchContacts", self.aiogoogle_people),
            ("gcalcli (the terminal client, its own command line): sign-in by refresh, list, add timed and all-day, quick, agenda --tsv, "
             "search, delete", self.gcalcli_cli),
            ("gcsa: a weekly series with a reminder and a guest, its instances, one changed, listed, imported by iCalUID, quickAdd, deleted",
             self.gcsa_calendar),
            ("gcal-sync (Home Assistant's calendar sync): calendar list and event syncs by token, a series expanded from its rule and "
             "cancelled days, one day and the days from one on deleted, a fresh full sync, a 410 re-sync",
             self.gcal_sync_calendar),
        ]:
            self.step(name, function)
        for name, function in [
            ("fault 503 retried", self.fault_503),
            ("fault 403 rateLimitExceeded retried", self.fault_rate_limit),
            ("fault 403 forbidden not retried", self.fault_forbidden),
            ("fault 503 on an upload chunk, chunk sent again", self.fault_upload_chunk),
            ("revoke, then refresh is refused", self.revoke),
        ]:
            self.step(name, function)

    # MARK: sign-in

    def sign_in(self):
        config = {"installed": {
            "client_id": "fidelity-client.apps.googleusercontent.com",
            "client_secret": "fidelity-secret",
            "auth_uri": self.root + "/o/oauth2/v2/auth",
            "token_uri": self.root + "/token",
            "redirect_uris": ["http://localhost"],
        }}
        flow = InstalledAppFlow.from_client_config(config, scopes=SIGN_IN_SCOPES)
        browser = PlayedBrowser()
        webbrowser.register(browser.name, None, browser, preferred=True)
        self.emulator.control("POST", "reset", {})  # the script's own account, whatever ran before
        creds = flow.run_local_server(port=0, open_browser=True, browser=browser.name, timeout_seconds=30,
                                      authorization_prompt_message=None)
        browser.thread.join(30)
        check(len(browser.opened) == 1, f"the flow opened {len(browser.opened)} browser windows, expected 1")
        asked = urllib.parse.parse_qs(urllib.parse.urlsplit(browser.opened[0]).query)
        check(asked.get("code_challenge_method") == ["S256"], f"no S256 PKCE in the consent URL (code_challenge_method={asked.get('code_challenge_method')})")
        verifier = flow.code_verifier or ""
        expected = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).decode().rstrip("=")
        check(43 <= len(verifier) <= 128 and asked.get("code_challenge") == [expected],
              "the consent URL's code_challenge is not BASE64URL(SHA256(code_verifier))")
        check(asked.get("redirect_uri", [""])[0].startswith("http://localhost:"), f"redirect_uri is {asked.get('redirect_uri')}")
        check(asked.get("state"), "the consent URL has no state")
        check(browser.error is None, f"the played browser failed: {browser.error}")
        check(browser.landing and browser.landing[0] == 200, f"the loopback listener answered {browser.landing and browser.landing[0]}")
        landed = urllib.parse.parse_qs(urllib.parse.urlsplit(browser.landing[1]).query)
        check(landed.get("state") == asked.get("state"), "the redirect did not carry the state back")
        check(creds.token and creds.refresh_token, "no access or refresh token after the code exchange")
        check(set(creds.granted_scopes or creds.scopes or []) >= set(SIGN_IN_SCOPES),
              f"granted scopes {creds.granted_scopes} lack some of {SIGN_IN_SCOPES}")
        check(creds.valid and creds.expiry is not None, "the credentials are not valid or have no expiry")
        lifetime = (creds.expiry - datetime.datetime.now(datetime.timezone.utc).replace(tzinfo=None)).total_seconds()
        check(3000 < lifetime <= 3600, f"the access token lives {lifetime:.0f}s, expected about an hour (expires_in)")
        seen = [(r["method"], r["path"], r["status"]) for r in self.emulator.requests()]
        check(("GET", "/o/oauth2/v2/auth", 302) in seen, f"the emulator saw no consent GET answered 302: {seen}")
        check(("POST", "/token", 200) in seen, f"the emulator saw no successful POST /token: {seen}")
        self.creds = creds

    def refresh(self):
        before = self.creds.token
        self.creds.refresh(google.auth.transport.requests.Request())
        check(self.creds.token and self.creds.token != before, "refresh did not bring a new access token")
        check(self.creds.refresh_token, "the refresh token was lost")
        check(self.creds.valid, "the refreshed credentials are not valid")

    # MARK: Calendar

    def calendar_list(self):
        items = self.calendar.calendarList().list().execute().get("items", [])
        check(any(item.get("primary") for item in items), f"calendarList has no primary calendar: {[i.get('id') for i in items]}")

    def event_body(self, summary, start, minutes=60, **extra):
        end = start + datetime.timedelta(minutes=minutes)
        body = {"summary": summary,
                "start": {"dateTime": start.isoformat(), "timeZone": "Europe/Berlin"},
                "end": {"dateTime": end.isoformat(), "timeZone": "Europe/Berlin"}}
        body.update(extra)
        return body

    # A week of its own in the future, so reruns and seeds do not get in the way.
    BASE = datetime.datetime(2031, 3, 10, 9, 0, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))

    def calendar_insert(self):
        self.event_id = uuid.uuid4().hex
        body = self.event_body("Fidelity dentist", self.BASE, id=self.event_id, location="Main St 1",
                               attendees=[{"email": "ana@example.com"}, {"email": "ben@example.com"}],
                               reminders={"useDefault": False, "overrides": [{"method": "popup", "minutes": 10}]})
        created = self.calendar.events().insert(calendarId="primary", body=body, sendUpdates="none").execute()
        check(created.get("id") == self.event_id, f"insert kept id {created.get('id')}, not the client's {self.event_id}")
        check(created.get("status") == "confirmed" and created.get("etag"), "the created event has no status or etag")
        check([a["email"] for a in created.get("attendees", [])] == ["ana@example.com", "ben@example.com"], "attendees differ")
        got = self.calendar.events().get(calendarId="primary", eventId=self.event_id).execute()
        check(got.get("summary") == "Fidelity dentist", "events.get does not return what was inserted")

    def calendar_insert_again(self):
        body = self.event_body("Fidelity dentist", self.BASE, id=self.event_id)
        expect_http_error(409, lambda: self.calendar.events().insert(calendarId="primary", body=body).execute(),
                          "a second insert with the same id", reasons=["duplicate"])

    def calendar_list_range(self):
        day = self.BASE.replace(hour=0)
        found = self.calendar.events().list(calendarId="primary", timeMin=day.isoformat(),
                                            timeMax=(day + datetime.timedelta(days=1)).isoformat(),
                                            singleEvents=True, orderBy="startTime").execute()
        check(found.get("kind") == "calendar#events", f"kind is {found.get('kind')}")
        check([e["id"] for e in found.get("items", [])] == [self.event_id], f"the day holds {[e.get('summary') for e in found.get('items', [])]}")
        later = self.BASE + datetime.timedelta(hours=1)
        empty = self.calendar.events().list(calendarId="primary", timeMin=later.isoformat(),
                                            timeMax=(later + datetime.timedelta(hours=1)).isoformat(),
                                            singleEvents=True, orderBy="startTime").execute()
        check(empty.get("items", []) == [], "timeMin is not an exclusive bound on the end")
        partial = self.calendar.events().list(calendarId="primary", timeMin=day.isoformat(),
                                              timeMax=(day + datetime.timedelta(days=1)).isoformat(),
                                              fields="items(id,start),nextPageToken").execute()
        check(set(partial) == {"items"} and [set(e) for e in partial["items"]] == [{"id", "start"}],
              f"fields=items(id,start),nextPageToken gave {partial}")

    def calendar_paging(self):
        day = self.BASE + datetime.timedelta(days=1)
        wanted = []
        for hour in range(7):
            start = day.replace(hour=8 + hour)
            event = self.calendar.events().insert(calendarId="primary", body=self.event_body(f"Paging {hour}", start, 30)).execute()
            wanted.append(event["id"])
        events = self.calendar.events()
        request = events.list(calendarId="primary", timeMin=day.replace(hour=0).isoformat(),
                              timeMax=day.replace(hour=23).isoformat(), singleEvents=True, orderBy="startTime", maxResults=3)
        pages = []
        while request is not None:
            page = request.execute()
            pages.append(page)
            request = events.list_next(request, page)
        sizes = [len(p.get("items", [])) for p in pages]
        check(sizes == [3, 3, 1], f"pages hold {sizes} events, expected [3, 3, 1]")
        got = [e["id"] for p in pages for e in p.get("items", [])]
        check(got == wanted, "paging lost, repeated or reordered events")
        check(all("nextPageToken" in p for p in pages[:-1]) and "nextPageToken" not in pages[-1], "nextPageToken is misplaced")
        self.paging_ids = wanted

    def calendar_full_sync(self):
        events = self.calendar.events()
        request = events.list(calendarId="primary", maxResults=5)
        pages = []
        while request is not None:
            page = request.execute()
            pages.append(page)
            request = events.list_next(request, page)
        check(len(pages) >= 2, f"a full sync of {sum(len(p.get('items', [])) for p in pages)} events came in {len(pages)} page(s) of 5")
        check(all("nextSyncToken" not in p for p in pages[:-1]), "nextSyncToken appeared before the last page")
        check(pages[-1].get("nextSyncToken"), "the last page of a full sync has no nextSyncToken")
        ids = {e["id"] for p in pages for e in p.get("items", [])}
        check({self.event_id, *self.paging_ids} <= ids, "the full sync misses events inserted before it")
        self.sync_token = pages[-1]["nextSyncToken"]

    def calendar_patch(self):
        patched = self.calendar.events().patch(calendarId="primary", eventId=self.event_id, body={
            "summary": "Fidelity dentist (moved)", "attendees": [{"email": "cleo@example.com"}],
            "reminders": {"useDefault": False, "overrides": [{"method": "email", "minutes": 60}]}}).execute()
        check(patched.get("summary") == "Fidelity dentist (moved)", "patch did not change the summary")
        check([a["email"] for a in patched.get("attendees", [])] == ["cleo@example.com"], f"attendees were not replaced whole: {patched.get('attendees')}")
        check(patched.get("reminders", {}).get("overrides") == [{"method": "email", "minutes": 60}], f"reminders.overrides were not replaced: {patched.get('reminders')}")
        check(patched.get("location") == "Main St 1", "patch cleared a field it was not sent")

    def calendar_update(self):
        event = self.calendar.events().get(calendarId="primary", eventId=self.paging_ids[1]).execute()
        body = self.event_body("Paging 1 (replaced)", datetime.datetime.fromisoformat(event["start"]["dateTime"]), 45)
        updated = self.calendar.events().update(calendarId="primary", eventId=self.paging_ids[1], body=body).execute()
        check(updated.get("summary") == "Paging 1 (replaced)", "update did not replace the summary")
        check(updated.get("etag") != event.get("etag"), "update kept the etag")
        end = datetime.datetime.fromisoformat(updated["end"]["dateTime"]) - datetime.datetime.fromisoformat(updated["start"]["dateTime"])
        check(end == datetime.timedelta(minutes=45), f"update made the event {end} long, not 45 minutes")
        self.paging_ids_changed = [self.paging_ids[1]]
        # The calendar's own zone unless the call names one, like Google.
        shown = self.calendar.events().get(calendarId="primary", eventId=self.paging_ids[2], timeZone="America/New_York").execute()
        check(shown["start"]["dateTime"].endswith("-04:00") or shown["start"]["dateTime"].endswith("-05:00"),
              f"timeZone=America/New_York gave start {shown['start']}")

    def calendar_quick_add(self):
        added = self.calendar.events().quickAdd(calendarId="primary", text="Fidelity lunch with Ana tomorrow at 13:00").execute()
        check(added.get("id") and added.get("start"), f"quickAdd returned no event: {added}")
        check("lunch" in added.get("summary", "").lower(), f"quickAdd summary is {added.get('summary')!r}")
        self.quick_id = added["id"]

    def calendar_gcalcli_replay(self):
        # gcalcli's `edit` asks its questions on a terminal, so its requests are replayed here
        # (as are the others, for the record; gcalcli_cli runs the rest for real) as its
        # gcal.py makes them: the calendar list page by page,
        # an insert with the offset in dateTime beside the calendar's timeZone, quickAdd then a
        # PATCH of the reminders, events.list with isoformat() times, singleEvents and q, and
        # its editor's PATCH of start/end with the other kind's members sent as null.
        cals, token = [], None
        while True:
            page = self.calendar.calendarList().list(pageToken=token).execute()
            cals += page["items"]
            token = page.get("nextPageToken")
            if not token:
                break
        primary = next(c for c in cals if c.get("primary"))
        zone = primary["timeZone"]
        body = {"summary": f"gcalcli standup {self.stamp}", "start": {"dateTime": "2026-03-10T09:00:00+00:00", "timeZone": zone},
                "end": {"dateTime": "2026-03-10T09:30:00+00:00", "timeZone": zone},
                "reminders": {"useDefault": False, "overrides": [{"minutes": 10, "method": "popup"}]}}
        added = self.calendar.events().insert(calendarId=primary["id"], body=body).execute()
        check(added["start"].get("dateTime", "").startswith("2026-03-10T") and self.instant(added["start"]["dateTime"]) == self.instant(
            "2026-03-10T09:00:00+00:00"), f"the offset in dateTime was not kept: {added['start']}")
        quick = self.calendar.events().quickAdd(calendarId=primary["id"], text=f"gcalcli review {self.stamp} tomorrow 3pm").execute()
        patched = self.calendar.events().patch(calendarId=primary["id"], eventId=quick["id"],
                                               body={"reminders": {"useDefault": False, "overrides": []}}).execute()
        check(patched.get("reminders") == {"useDefault": False}, f"quickAdd's reminders patched to {patched.get('reminders')}")
        start = datetime.datetime(2026, 3, 9, tzinfo=datetime.timezone(datetime.timedelta(hours=1)))
        found = self.calendar.events().list(calendarId=primary["id"], timeMin=start.isoformat(),
                                            timeMax=(start + datetime.timedelta(days=5)).isoformat(), q="standup", singleEvents=True).execute()
        check([e["id"] for e in found.get("items", [])] == [added["id"]], f"gcalcli's agenda found {[e.get('summary') for e in found.get('items', [])]}")
        # The editor's "when" as all-day, then back to a time: the other kind's members null.
        allday = self.calendar.events().patch(calendarId=primary["id"], eventId=added["id"], body={
            "start": {"date": "2026-03-11", "dateTime": None, "timeZone": None},
            "end": {"date": "2026-03-12", "dateTime": None, "timeZone": None}}).execute()
        check(allday["start"] == {"date": "2026-03-11"} and allday["end"] == {"date": "2026-03-12"}, f"the all-day edit gave {allday['start']}")
        timed = self.calendar.events().patch(calendarId=primary["id"], eventId=added["id"], body={
            "start": {"date": None, "dateTime": "2026-03-11T10:00:00+01:00", "timeZone": zone},
            "end": {"date": None, "dateTime": "2026-03-11T11:00:00+01:00", "timeZone": zone}}).execute()
        check("date" not in timed["start"] and self.instant(timed["start"]["dateTime"]) == self.instant("2026-03-11T10:00:00+01:00"),
              f"the timed edit gave {timed['start']}")
        for event_id in (added["id"], quick["id"]):
            self.calendar.events().delete(calendarId=primary["id"], eventId=event_id).execute()

    @staticmethod
    def instant(text):
        return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))

    def calendar_delete(self):
        self.emulator.clear_requests()
        answer = self.calendar.events().delete(calendarId="primary", eventId=self.paging_ids[0]).execute()
        check(answer in ("", {}, None), f"delete answered a body: {answer!r}")
        statuses = [r["status"] for r in self.emulator.requests() if r["method"] == "DELETE"]
        check(statuses == [204], f"delete answered {statuses}, expected [204]")
        expect_http_error(410, lambda: self.calendar.events().delete(calendarId="primary", eventId=self.paging_ids[0]).execute(),
                          "deleting it again", reasons=["deleted"])
        expect_http_error(404, lambda: self.calendar.events().delete(calendarId="primary", eventId="nosuchevent00").execute(),
                          "deleting an unknown id", reasons=["notFound"])

    def calendar_incremental_sync(self):
        events = self.calendar.events()
        request = events.list(calendarId="primary", syncToken=self.sync_token)
        changed = {}
        last = None
        while request is not None:
            last = request.execute()
            changed.update({e["id"]: e for e in last.get("items", [])})
            request = events.list_next(request, last)
        check(last.get("nextSyncToken"), "the incremental sync has no nextSyncToken")
        check(self.quick_id in changed, "the incremental sync misses the quickAdd insert")
        check(changed.get(self.event_id, {}).get("summary") == "Fidelity dentist (moved)", "the incremental sync misses the patch")
        check(changed.get(self.paging_ids[0], {}).get("status") == "cancelled", "the incremental sync misses the delete (status cancelled)")
        check(changed.get(self.paging_ids[1], {}).get("summary") == "Paging 1 (replaced)", "the incremental sync misses the update")
        untouched = set(self.paging_ids[2:]) & set(changed)
        check(not untouched, f"the incremental sync repeats {len(untouched)} unchanged events")
        self.sync_token = last["nextSyncToken"]

    def calendar_recurring(self):
        start = (self.BASE + datetime.timedelta(days=7)).replace(tzinfo=None)
        body = {"summary": "Fidelity weekly", "recurrence": ["RRULE:FREQ=WEEKLY;COUNT=3;BYDAY=MO"],
                "start": {"dateTime": start.isoformat(), "timeZone": "Europe/Berlin"},
                "end": {"dateTime": (start + datetime.timedelta(hours=1)).isoformat(), "timeZone": "Europe/Berlin"}}
        series = self.calendar.events().insert(calendarId="primary", body=body).execute()
        check(series.get("recurrence") == body["recurrence"], f"the series lost its recurrence: {series.get('recurrence')}")
        instances = self.calendar.events().instances(calendarId="primary", eventId=series["id"]).execute().get("items", [])
        check(len(instances) == 3, f"instances gave {len(instances)} items, expected 3")
        check(all(i.get("recurringEventId") == series["id"] and i.get("originalStartTime") for i in instances),
              "instances lack recurringEventId or originalStartTime")
        starts = [i["start"]["dateTime"][:16] for i in instances]
        check(starts == ["2031-03-17T09:00", "2031-03-24T09:00", "2031-03-31T09:00"] or
              [s[:10] for s in starts] == ["2031-03-17", "2031-03-24", "2031-03-31"], f"instances start {starts}")
        expanded = self.calendar.events().list(calendarId="primary", timeMin="2031-03-16T00:00:00Z", timeMax="2031-04-07T00:00:00Z",
                                               singleEvents=True, orderBy="startTime", q="Fidelity weekly").execute().get("items", [])
        check(len([e for e in expanded if e.get("recurringEventId") == series["id"]]) == 3, "singleEvents=true did not expand the series")

    def calendar_conference(self):
        body = self.event_body("Fidelity call", self.BASE + datetime.timedelta(days=21), attendees=[{"email": "ana@example.com"}],
                               conferenceData={"createRequest": {"requestId": uuid.uuid4().hex,
                                                                 "conferenceSolutionKey": {"type": "hangoutsMeet"}}})
        made = self.calendar.events().insert(calendarId="primary", body=body, conferenceDataVersion=1).execute()
        conference = made.get("conferenceData", {})
        check(conference.get("createRequest", {}).get("status", {}).get("statusCode") == "success",
              f"the create request is not done: {conference.get('createRequest')}")
        video = [e for e in conference.get("entryPoints", []) if e.get("entryPointType") == "video"]
        check(video and video[0].get("uri") == made.get("hangoutLink"), f"no Meet entry point matching hangoutLink {made.get('hangoutLink')}")
        check(made.get("attendees", [{}])[0].get("responseStatus") == "needsAction", "a new attendee has no responseStatus needsAction")
        plain = self.calendar.events().insert(calendarId="primary", body=dict(body, summary="Fidelity no call")).execute()
        check("conferenceData" not in plain, "without conferenceDataVersion=1 the conference was kept")

    def calendar_single_events_sync(self):
        events = self.calendar.events()
        request, last = events.list(calendarId="primary", singleEvents=True, maxResults=2500), None
        while request is not None:
            last = request.execute()
            request = events.list_next(request, last)
        start = (self.BASE + datetime.timedelta(days=28)).replace(tzinfo=None)
        series = events.insert(calendarId="primary", body={
            "summary": "Fidelity daily", "recurrence": ["RRULE:FREQ=DAILY;COUNT=3"],
            "start": {"dateTime": start.isoformat(), "timeZone": "Europe/Berlin"},
            "end": {"dateTime": (start + datetime.timedelta(minutes=30)).isoformat(), "timeZone": "Europe/Berlin"}}).execute()
        delta = events.list(calendarId="primary", singleEvents=True, syncToken=last["nextSyncToken"]).execute().get("items", [])
        ids = [e["id"] for e in delta]
        check(len(ids) == 3 and all(i.startswith(series["id"] + "_") for i in ids), f"the sync gave {ids}, not the series' 3 instances")

    def calendar_list_and_acl(self):
        creds = google.oauth2.credentials.Credentials(token=self.emulator.mint([SCOPE + "calendar"]))
        calendar = self.service("calendar", "v3", "/calendar/v3/", creds)
        made = calendar.calendars().insert(body={"summary": "Fidelity shared " + self.stamp}).execute()
        entry = calendar.calendarList().patch(calendarId=made["id"], body={"summaryOverride": "Mine", "colorId": "5"}).execute()
        check(entry.get("summaryOverride") == "Mine" and entry.get("colorId") == "5", f"the list entry kept {entry}")
        rule = calendar.acl().insert(calendarId=made["id"], body={"role": "reader", "scope": {"type": "user", "value": "ana@example.com"}}).execute()
        check(rule.get("id") == "user:ana@example.com", f"the rule's id is {rule.get('id')}")
        rules = calendar.acl().list(calendarId=made["id"]).execute().get("items", [])
        check(sorted(r["role"] for r in rules) == ["owner", "reader"], f"the ACL holds {[(r['id'], r['role']) for r in rules]}")
        calendar.acl().delete(calendarId=made["id"], ruleId=rule["id"]).execute()
        calendar.calendars().delete(calendarId=made["id"]).execute()

    def calendar_expired_sync_token(self):
        self.emulator.control("POST", "sync-tokens/expire", {})
        expect_http_error(410, lambda: self.calendar.events().list(calendarId="primary", syncToken=self.sync_token).execute(),
                          "an incremental sync with an expired token", reasons=["fullSyncRequired"])
        page = self.calendar.events().list(calendarId="primary", maxResults=2500).execute()
        check(page.get("nextSyncToken"), "a new full sync after the 410 has no nextSyncToken")

    def full_calendar(self):
        creds = google.oauth2.credentials.Credentials(token=self.emulator.mint([SCOPE + "calendar"]))
        return self.service("calendar", "v3", "/calendar/v3/", creds)

    def calendar_order_needs_single_events(self):
        events = self.calendar.events()
        expect_http_error(400, lambda: events.list(calendarId="primary", orderBy="startTime").execute(),
                          "orderBy=startTime without singleEvents", reasons=["badRequest"])
        expect_http_error(400, lambda: events.list(calendarId="primary", timeMin="2031-03-11T00:00:00Z",
                                                   timeMax="2031-03-10T00:00:00Z").execute(),
                          "timeMin after timeMax", reasons=["timeRangeEmpty"])
        page = events.list(calendarId="primary", orderBy="updated", maxResults=1).execute()
        check(len(page.get("items", [])) <= 1, "orderBy=updated with maxResults=1 gave more than one item")

    def calendar_filters(self):
        events = self.calendar.events()
        marker = "fidelityq" + self.stamp
        tagged = events.insert(calendarId="primary", body=self.event_body(
            "Fidelity " + marker, self.BASE + datetime.timedelta(days=40),
            extendedProperties={"private": {"fidelity": self.stamp}})).execute()
        events.insert(calendarId="primary", body=self.event_body("Fidelity untagged", self.BASE + datetime.timedelta(days=40))).execute()
        by_text = events.list(calendarId="primary", q=marker).execute().get("items", [])
        check([e["id"] for e in by_text] == [tagged["id"]], f"q={marker} found {[e.get('summary') for e in by_text]}")
        by_property = events.list(calendarId="primary", privateExtendedProperty=f"fidelity={self.stamp}").execute().get("items", [])
        check([e["id"] for e in by_property] == [tagged["id"]], f"privateExtendedProperty found {[e.get('summary') for e in by_property]}")
        by_uid = events.list(calendarId="primary", iCalUID=tagged["iCalUID"]).execute().get("items", [])
        check([e["id"] for e in by_uid] == [tagged["id"]], f"iCalUID found {[e.get('summary') for e in by_uid]}")

    def calendar_import(self):
        events = self.calendar.events()
        uid = f"fidelity-{self.stamp}@example.com"
        body = dict(self.event_body("Fidelity imported", self.BASE + datetime.timedelta(days=45)), iCalUID=uid)
        first = events.import_(calendarId="primary", body=body).execute()
        check(first.get("iCalUID") == uid, f"import gave iCalUID {first.get('iCalUID')}")
        again = events.import_(calendarId="primary", body=dict(body, summary="Fidelity imported again")).execute()
        check(again["id"] == first["id"] and again.get("summary") == "Fidelity imported again",
              f"a second import of the same iCalUID made {again['id']} (first {first['id']}) titled {again.get('summary')!r}")
        expect_http_error(400, lambda: events.import_(calendarId="primary", body=self.event_body(
            "Fidelity no uid", self.BASE + datetime.timedelta(days=45))).execute(), "import without iCalUID")

    def calendar_free_busy_colors_settings(self):
        calendar = self.full_calendar()
        start = self.BASE + datetime.timedelta(days=50)
        self.calendar.events().insert(calendarId="primary", body=self.event_body("Fidelity busy", start, minutes=90)).execute()
        day = start.replace(hour=0, minute=0)
        answer = calendar.freebusy().query(body={"timeMin": day.isoformat(), "timeMax": (day + datetime.timedelta(days=1)).isoformat(),
                                                 "items": [{"id": "primary"}, {"id": "nobody@example.com"}]}).execute()
        busy = answer.get("calendars", {}).get("primary", {}).get("busy", [])
        wanted = (start.astimezone(datetime.timezone.utc), (start + datetime.timedelta(minutes=90)).astimezone(datetime.timezone.utc))
        seen = [(datetime.datetime.fromisoformat(b["start"].replace("Z", "+00:00")), datetime.datetime.fromisoformat(b["end"].replace("Z", "+00:00")))
                for b in busy]
        check(wanted in seen, f"freeBusy gave busy {busy}, not the 90-minute event")
        check(answer["calendars"]["nobody@example.com"].get("errors"), "freeBusy of an unknown calendar has no errors")
        colors = calendar.colors().get().execute()
        check(colors.get("calendar", {}).get("1") and colors.get("event", {}).get("11"), f"colors gave {sorted(colors)}")
        settings = {s["id"]: s["value"] for s in calendar.settings().list().execute().get("items", [])}
        check("timezone" in settings, f"settings.list gave {sorted(settings)}")
        zone = calendar.settings().get(setting="timezone").execute()
        check(zone.get("value") == settings["timezone"], f"settings.get(timezone) is {zone.get('value')}, the list says {settings['timezone']}")

    def calendar_calendars(self):
        calendar = self.full_calendar()
        primary = calendar.calendars().get(calendarId="primary").execute()
        check(primary.get("id") and primary.get("timeZone"), f"calendars.get(primary) gave {sorted(primary)}")
        made = calendar.calendars().insert(body={"summary": "Fidelity patched " + self.stamp, "timeZone": "Europe/Lisbon"}).execute()
        patched = calendar.calendars().patch(calendarId=made["id"], body={"description": "from the python client"}).execute()
        check(patched.get("description") == "from the python client" and patched.get("summary") == made["summary"]
              and patched.get("timeZone") == "Europe/Lisbon", f"the patch gave {patched}")
        calendar.calendars().delete(calendarId=made["id"]).execute()
        expect_http_error(404, lambda: calendar.calendars().get(calendarId=made["id"]).execute(), "a deleted calendar")

    def calendar_watch_refused(self):
        channel = {"id": uuid.uuid4().hex, "type": "web_hook", "address": "https://example.com/notifications"}
        expect_http_error(501, lambda: self.calendar.events().watch(calendarId="primary", body=channel).execute(),
                          "events.watch", reasons=["notImplemented"])

    def calendar_settings_paged(self):
        settings = self.full_calendar().settings()
        request, pages, ids, last = settings.list(maxResults=4), 0, [], None
        while request is not None:
            last = request.execute()
            pages += 1
            ids += [item["id"] for item in last.get("items", [])]
            request = settings.list_next(request, last)
        whole = [item["id"] for item in settings.list().execute().get("items", [])]
        check(ids == whole and pages == (len(whole) + 3) // 4, f"{pages} pages of 4 gave {len(ids)} settings, one page gave {len(whole)}")
        check(last.get("nextSyncToken"), "the last page of settings has no nextSyncToken")

    def calendar_unknown_fields(self):
        events = self.calendar.events()
        expect_http_error(400, lambda: events.list(calendarId="primary", fields="items(id,sumary)").execute(),
                          "fields=items(id,sumary)", reasons=["invalidParameter"])
        page = events.list(calendarId="primary", maxResults=1, fields="items(id,summary,start(dateTime,date)),nextPageToken").execute()
        check(set(page) <= {"items", "nextPageToken"}, f"a valid selection gave {sorted(page)}")

    # MARK: token expiry

    def token_expiry(self):
        before = self.creds.token
        check(self.creds.valid, "the credentials should still look valid to the library")
        self.emulator.control("POST", "tokens/expire", {})
        self.emulator.clear_requests()
        items = self.calendar.calendarList().list().execute().get("items", [])
        check(items, "calendarList after the refresh is empty")
        seen = [(r["method"], r["path"], r["status"]) for r in self.emulator.requests()]
        expected = [("GET", "/calendar/v3/users/me/calendarList", 401), ("POST", "/token", 200),
                    ("GET", "/calendar/v3/users/me/calendarList", 200)]
        check(seen == expected, f"the emulator saw {seen}, expected a 401, a refresh and the same call again")
        check(self.creds.token != before, "the library kept the expired access token")

    # MARK: Drive

    def drive_start_page_token(self):
        token = self.drive.changes().getStartPageToken().execute().get("startPageToken")
        check(token, "changes.getStartPageToken gave no token")
        self.drive_state["start"] = token

    def drive_multipart(self):
        name = f"it's a \\ test {self.stamp}.txt"
        content = b"hello from the python client\n"
        media = MediaIoBaseUpload(io.BytesIO(content), mimetype="text/plain", resumable=False)
        self.emulator.clear_requests()
        made = self.upload(self.drive.files().create(body={"name": name, "mimeType": "text/plain"}, media_body=media,
                                                     fields="id,name,mimeType,size,md5Checksum")).execute()
        check(made.get("name") == name, f"the name came back as {made.get('name')!r}")
        check(made.get("size") == str(len(content)), f"size is {made.get('size')!r}, expected '{len(content)}' (a string)")
        check(made.get("md5Checksum") == hashlib.md5(content).hexdigest(), "md5Checksum does not match the bytes sent")
        uploads = [r for r in self.emulator.requests() if r["path"] == "/upload/drive/v3/files"]
        check(uploads and "uploadType=multipart" in uploads[0]["query"], f"the client did not send a multipart upload: {uploads}")
        self.drive_state.update(small=made["id"], small_name=name, small_content=content)

    def drive_resumable(self):
        content = bytes((i * 7 + i // 1000) % 256 for i in range(600 * KIB))
        media = MediaIoBaseUpload(io.BytesIO(content), mimetype="application/octet-stream", chunksize=256 * KIB, resumable=True)
        request = self.upload(self.drive.files().create(body={"name": f"big {self.stamp}.bin"}, media_body=media,
                                                        fields="id,name,size,md5Checksum"))
        self.emulator.clear_requests()
        progress, made = [], None
        while made is None:
            status, made = request.next_chunk()
            if status:
                progress.append(status.resumable_progress)
        check(progress == [256 * KIB, 512 * KIB], f"progress went {progress}, expected two 256 KiB chunks before the last")
        check(made.get("size") == str(len(content)), f"size is {made.get('size')}, expected {len(content)}")
        check(made.get("md5Checksum") == hashlib.md5(content).hexdigest(), "md5Checksum of the resumable upload is wrong")
        puts = [r["status"] for r in self.emulator.requests() if r["method"] == "PUT"]
        check(puts == [308, 308, 200], f"the chunks were answered {puts}, expected [308, 308, 200]")
        self.drive_state.update(big=made["id"], big_content=content)
        # Every field Drive has for the file, each checked against the File schema.
        full = self.drive.files().get(fileId=made["id"], fields="*").execute()
        check(full.get("size") == str(len(content)) and full.get("createdTime") and full.get("capabilities"),
              f"fields=* gave only {sorted(full)}")
        about = self.drive.about().get(fields="*").execute()
        check(about.get("user") and about.get("storageQuota"), f"about fields=* gave only {sorted(about)}")

    def drive_list_escaped(self):
        name = self.drive_state["small_name"]
        q = f"name contains {drive_literal(name)} and trashed = false and mimeType != 'application/vnd.google-apps.folder'"
        found = self.drive.files().list(q=q, fields="nextPageToken,files(id,name)").execute().get("files", [])
        check([f["id"] for f in found] == [self.drive_state["small"]], f"q {q!r} found {found}")
        none = self.drive.files().list(q=f"name = {drive_literal(name + 'x')}", fields="files(id)").execute().get("files", [])
        check(none == [], "an exact name that does not exist matched")
        # Over 2048 characters the library sends the GET as a POST with X-HTTP-Method-Override.
        long_q = " or ".join([f"name = 'no such file {n:04d}'" for n in range(80)] + [f"name = {drive_literal(name)}"])
        check(len(long_q) > 2100, "the long q is not long")
        request = self.drive.files().list(q=long_q, fields="files(id)")
        found = request.execute().get("files", [])
        check(request.method == "POST" and request.headers.get("x-http-method-override") == "GET",
              f"the library sent the long q as {request.method}, not as a POST with a method override")
        check([f["id"] for f in found] == [self.drive_state["small"]], f"the long q found {found}")
        files = self.drive.files()
        request, ids, pages = files.list(pageSize=1, q="trashed = false", fields="nextPageToken,files(id)"), [], 0
        while request is not None:
            page = request.execute()
            pages += 1
            ids += [f["id"] for f in page.get("files", [])]
            request = files.list_next(request, page)
        check(pages >= 2 and len(ids) == len(set(ids)) and {self.drive_state["small"], self.drive_state["big"]} <= set(ids),
              f"paging files.list by 1 gave {len(ids)} ids in {pages} pages")

    def drive_download(self):
        buffer = io.BytesIO()
        download = MediaIoBaseDownload(buffer, self.drive.files().get_media(fileId=self.drive_state["big"]), chunksize=256 * KIB)
        self.emulator.clear_requests()
        done, chunks = False, 0
        while not done:
            _, done = download.next_chunk()
            chunks += 1
        check(buffer.getvalue() == self.drive_state["big_content"], "the downloaded bytes differ from the uploaded ones")
        check(chunks == 3, f"the download took {chunks} ranged chunks, expected 3")
        statuses = [r["status"] for r in self.emulator.requests() if r["method"] == "GET"]
        check(statuses == [206, 206, 206], f"ranged GETs were answered {statuses}")
        whole = self.drive.files().get_media(fileId=self.drive_state["small"]).execute()
        check(whole == self.drive_state["small_content"], "get_media().execute() gave other bytes")

    def drive_export(self):
        text = "Fidelity notes\nsecond line\n"
        doc = self.upload(self.drive.files().create(body={"name": f"Doc {self.stamp}", "mimeType": "application/vnd.google-apps.document"},
                                                    media_body=MediaIoBaseUpload(io.BytesIO(text.encode()), mimetype="text/plain"),
                                                    fields="id,mimeType")).execute()
        check(doc.get("mimeType") == "application/vnd.google-apps.document", f"the upload became {doc.get('mimeType')}, not a Doc")
        exported = self.drive.files().export(fileId=doc["id"], mimeType="text/plain").execute()
        check(isinstance(exported, bytes) and b"Fidelity notes" in exported, f"export gave {exported[:60]!r}")
        buffer = io.BytesIO()
        download = MediaIoBaseDownload(buffer, self.drive.files().export_media(fileId=doc["id"], mimeType="text/plain"))
        done = False
        while not done:
            _, done = download.next_chunk()
        check(buffer.getvalue() == exported, "export_media through MediaIoBaseDownload gave other bytes than export")
        expect_http_error(403, lambda: self.drive.files().get_media(fileId=doc["id"]).execute(),
                          "alt=media on a Doc", reasons=["fileNotDownloadable"])
        self.drive_state["doc"] = doc["id"]

    def drive_export_pdf(self):
        # Google's own Drive sample (export_pdf): export_media as application/pdf.
        buffer = io.BytesIO()
        download = MediaIoBaseDownload(buffer, self.drive.files().export_media(fileId=self.drive_state["doc"], mimeType="application/pdf"))
        done = False
        while not done:
            _, done = download.next_chunk()
        pdf = buffer.getvalue()
        check(pdf.startswith(b"%PDF-") and pdf.rstrip().endswith(b"%%EOF"), f"the PDF export starts {pdf[:12]!r}")
        check(b"(Fidelity notes) Tj" in pdf, "the PDF does not hold the Doc's first line")

    def drive_update_content(self):
        content = b"changed by files.update\n"
        updated = self.upload(self.drive.files().update(fileId=self.drive_state["small"], body={"description": "updated"},
                                                        media_body=MediaIoBaseUpload(io.BytesIO(content), mimetype="text/plain"),
                                                        fields="id,size,description,md5Checksum")).execute()
        check(updated.get("size") == str(len(content)) and updated.get("description") == "updated", f"update gave {updated}")
        media_only = b"media only\n"
        self.upload(self.drive.files().update(fileId=self.drive_state["small"],
                                              media_body=MediaIoBaseUpload(io.BytesIO(media_only), mimetype="text/plain"))).execute()
        check(self.drive.files().get_media(fileId=self.drive_state["small"]).execute() == media_only, "the new content does not download")
        renamed = self.drive.files().update(fileId=self.drive_state["small"], body={"name": f"renamed {self.stamp}.txt"}).execute()
        check(renamed.get("name") == f"renamed {self.stamp}.txt", "a metadata-only update did not rename")

    def drive_trash(self):
        trashed = self.drive.files().update(fileId=self.drive_state["small"], body={"trashed": True}, fields="id,trashed").execute()
        check(trashed.get("trashed") is True, f"update trashed=true gave {trashed}")
        listed = self.drive.files().list(q="trashed = false", fields="files(id)", pageSize=1000).execute().get("files", [])
        check(self.drive_state["small"] not in {f["id"] for f in listed}, "a trashed file is listed with trashed = false")
        listed = self.drive.files().list(q="trashed = true", fields="files(id)").execute().get("files", [])
        check(self.drive_state["small"] in {f["id"] for f in listed}, "the trashed file is not listed with trashed = true")

    def drive_delete(self):
        answer = self.drive.files().delete(fileId=self.drive_state["small"]).execute()
        check(answer in ("", {}, None), f"delete answered {answer!r}")
        expect_http_error(404, lambda: self.drive.files().get(fileId=self.drive_state["small"]).execute(), "get after delete",
                          reasons=["notFound"])

    def drive_generate_ids(self):
        ids = self.drive.files().generateIds(count=3, space="drive").execute().get("ids", [])
        check(len(ids) == 3 and len(set(ids)) == 3, f"generateIds gave {ids}")
        made = self.upload(self.drive.files().create(body={"id": ids[0], "name": f"with id {self.stamp}.txt"},
                                                     media_body=MediaIoBaseUpload(io.BytesIO(b"x"), mimetype="text/plain"))).execute()
        check(made.get("id") == ids[0], f"create with a generated id made {made.get('id')}")
        check(set(made) == {"kind", "id", "name", "mimeType"} and made["kind"] == "drive#file",
              f"files.create without fields gave {sorted(made)}, not Drive's default kind,id,name,mimeType")
        expect_http_error(409, lambda: self.drive.files().create(body={"id": ids[0], "name": "again.txt"}).execute(),
                          "a second create with the same id")
        self.drive_state["generated"] = ids[0]

    def drive_changes(self):
        changes = self.drive.changes()
        request = changes.list(pageToken=self.drive_state["start"], pageSize=2, fields="*")
        seen, last, pages = {}, None, 0
        while request is not None:
            last = request.execute()
            pages += 1
            for change in last.get("changes", []):
                seen[change["fileId"]] = change
            request = changes.list_next(request, last)
        check(pages >= 2, f"changes came in {pages} page(s) of 2")
        check(last.get("newStartPageToken"), "the last changes page has no newStartPageToken")
        for key in ("big", "doc", "generated"):
            check(self.drive_state[key] in seen and not seen[self.drive_state[key]].get("removed"), f"changes miss the {key} file")
        check(seen.get(self.drive_state["small"], {}).get("removed") is True, "changes do not show the deleted file as removed")

    def drive_permissions(self):
        permissions = self.drive.permissions()
        shared = permissions.create(fileId=self.drive_state["big"], sendNotificationEmail=False,
                                    body={"type": "user", "role": "reader", "emailAddress": "ana@example.com"},
                                    fields="id,type,role,emailAddress").execute()
        check(shared.get("role") == "reader" and shared.get("emailAddress") == "ana@example.com", f"the permission came back as {shared}")
        listed = permissions.list(fileId=self.drive_state["big"], fields="permissions(id,role)").execute().get("permissions", [])
        check(sorted(p["role"] for p in listed) == ["owner", "reader"], f"the file's permissions are {listed}")
        got = self.drive.files().get(fileId=self.drive_state["big"], fields="shared").execute()
        check(got.get("shared") is True, "a shared file does not say shared")
        permissions.delete(fileId=self.drive_state["big"], permissionId=shared["id"]).execute()

    def full_drive(self):
        creds = google.oauth2.credentials.Credentials(token=self.emulator.mint([SCOPE + "drive"]))
        return self.service("drive", "v3", "/drive/v3/", creds)

    def drive_copy(self):
        source = self.drive_state["big"]
        copy = self.drive.files().copy(fileId=source, body={"name": f"copy {self.stamp}.bin"}, fields="id,name,size,md5Checksum").execute()
        check(copy["id"] != source and copy.get("name") == f"copy {self.stamp}.bin", f"the copy is {copy}")
        check(copy.get("md5Checksum") == hashlib.md5(self.drive_state["big_content"]).hexdigest(), "the copy's content differs")
        self.drive_state["copy"] = copy["id"]

    def drive_list_grammar(self):
        files = self.drive.files()
        folder = files.create(body={"name": f"grammar {self.stamp}", "mimeType": "application/vnd.google-apps.folder"}, fields="id").execute()
        for name in ("alpha", "beta", "gamma"):
            files.create(body={"name": f"{name} {self.stamp}", "parents": [folder["id"]], "mimeType": "text/plain"}).execute()
        q = (f"'{folder['id']}' in parents and (name contains 'alpha' or name contains 'gamma') "
             f"and not name = 'gamma {self.stamp}' and trashed = false")
        found = files.list(q=q, fields="files(name)").execute().get("files", [])
        check([f["name"] for f in found] == [f"alpha {self.stamp}"], f"the grouped query found {found}")
        ordered = files.list(q=f"'{folder['id']}' in parents", orderBy="name desc", fields="files(name)").execute().get("files", [])
        check([f["name"] for f in ordered] == [f"{n} {self.stamp}" for n in ("gamma", "beta", "alpha")], f"orderBy=name desc gave {ordered}")
        expect_http_error(400, lambda: files.list(q="name contains").execute(), "a q without its value", reasons=["invalid"])

    def drive_team_drives(self):
        drive = self.full_drive()
        check(drive.teamdrives().list().execute().get("teamDrives") == [], "teamdrives.list is not empty")
        check(drive.drives().list().execute().get("drives") == [], "drives.list is not empty")

    def drive_watch_refused(self):
        channel = {"id": uuid.uuid4().hex, "type": "web_hook", "address": "https://example.com/notifications"}
        expect_http_error(501, lambda: self.drive.files().watch(fileId=self.drive_state["big"], body=channel).execute(),
                          "files.watch", reasons=["notImplemented"])

    # MARK: Drive v2 (PyDrive, PyDrive2, older scripts)

    def drive_v2(self):
        drive = self.service("drive", "v2", "/drive/v2/")
        since = drive.changes().getStartPageToken().execute()["startPageToken"]
        folder = drive.files().insert(body={"title": f"v2 folder {self.stamp}", "mimeType": "application/vnd.google-apps.folder"}).execute()
        title = f"v2 notes {self.stamp}.txt"
        media = MediaIoBaseUpload(io.BytesIO(b"first draft\n"), mimetype="text/plain", resumable=False)
        made = self.upload(drive.files().insert(body={"title": title, "parents": [{"id": folder["id"]}]}, media_body=media)).execute()
        check(made.get("title") == title and made.get("fileSize") == "12", f"the v2 insert answered {made.get('title')!r}, {made.get('fileSize')!r} bytes")
        check([p.get("id") for p in made.get("parents", [])] == [folder["id"]], f"the v2 file's parents are {made.get('parents')}")
        check(made.get("labels", {}).get("trashed") is False and made.get("downloadUrl"), "the v2 file has no labels.trashed or downloadUrl")
        # The same file, seen by v3.
        seen = self.drive.files().get(fileId=made["id"], fields="name,parents,size").execute()
        check(seen == {"name": title, "parents": [folder["id"]], "size": "12"}, f"v3 sees the v2 file as {seen}")
        # files.list with v2's terms, a page of one, then list_next.
        query = f"{drive_literal(folder['id'])} in parents and trashed = false"
        drive.files().insert(body={"title": f"v2 other {self.stamp}.txt", "parents": [{"id": folder["id"]}]}).execute()
        request, titles = drive.files().list(q=query, maxResults=1, orderBy="title"), []
        while request is not None:
            page = request.execute()
            titles += [item["title"] for item in page.get("items", [])]
            request = drive.files().list_next(request, page)
        check(titles == [title, f"v2 other {self.stamp}.txt"], f"the v2 list of the folder is {titles}")
        check(drive.files().get_media(fileId=made["id"]).execute() == b"first draft\n", "get_media answered other bytes")
        # A new content by a resumable update (PUT to the upload path, then to the session).
        media = MediaIoBaseUpload(io.BytesIO(b"second draft\n"), mimetype="text/plain", resumable=True)
        request = self.upload(drive.files().update(fileId=made["id"], body={"title": "v2 final.txt"}, media_body=media))
        updated = None
        while updated is None:
            _, updated = request.next_chunk()
        check(updated.get("title") == "v2 final.txt" and updated.get("fileSize") == "13", f"the v2 update answered {updated.get('title')!r}")
        request, changed = drive.changes().list(pageToken=since, maxResults=2), []
        while request is not None:
            page = request.execute()
            changed += [item["fileId"] for item in page.get("items", []) if not item.get("deleted")]
            request = drive.changes().list_next(request, page)
        check(made["id"] in changed and folder["id"] in changed, f"v2's changes since the start are {len(changed)} files, without the new ones")
        starred = drive.files().patch(fileId=made["id"], body={"labels": {"starred": True}}).execute()
        check(starred["labels"]["starred"] is True, "files.patch did not star the file")
        check(drive.files().trash(fileId=made["id"]).execute()["labels"]["trashed"] is True, "files.trash did not trash the file")
        check(self.drive.files().get(fileId=made["id"], fields="trashed").execute() == {"trashed": True}, "v3 does not see the file trashed")
        check(drive.files().untrash(fileId=made["id"]).execute()["labels"]["trashed"] is False, "files.untrash did not restore the file")
        about = drive.about().get().execute()
        check(about.get("rootFolderId") and int(about.get("quotaBytesUsed", "0")) >= 13, f"about.get answered {about.get('rootFolderId')}")
        drive.files().delete(fileId=folder["id"]).execute()  # the folder, and what is in it
        expect_http_error(404, lambda: drive.files().get(fileId=made["id"]).execute(), "a file of a deleted folder", reasons=["notFound"])

    def drive_comments(self):
        made = self.upload(self.drive.files().create(body={"name": f"commented {self.stamp}.txt"}, fields="id",
                                                     media_body=MediaIoBaseUpload(io.BytesIO(b"one\ntwo\n"), mimetype="text/plain"))).execute()
        comments = self.drive.comments()
        expect_http_error(400, lambda: comments.list(fileId=made["id"]).execute(), "comments.list without fields", reasons=["required"])
        note = comments.create(fileId=made["id"], fields="id,content,htmlContent,author,resolved,deleted,quotedFileContent",
                               body={"content": "Is two right?", "quotedFileContent": {"mimeType": "text/plain", "value": "two"}}).execute()
        check(note.get("content") == "Is two right?" and note.get("resolved") is False and note.get("author", {}).get("me") is True,
              f"comments.create answered {note}")
        comments.update(fileId=made["id"], commentId=note["id"], fields="id", body={"content": "Two is right."}).execute()
        reply = self.drive.replies().create(fileId=made["id"], commentId=note["id"], fields="id,action,content",
                                            body={"content": "Agreed", "action": "resolve"}).execute()
        check(reply.get("action") == "resolve", f"replies.create answered {reply}")
        resolved = comments.get(fileId=made["id"], commentId=note["id"], fields="resolved,replies(id)").execute()
        check(resolved == {"resolved": True, "replies": [{"id": reply["id"]}]}, f"a resolving reply left the comment {resolved}")
        listed = comments.list(fileId=made["id"], fields="comments(id,content),nextPageToken").execute()
        check(listed.get("comments") == [{"id": note["id"], "content": "Two is right."}], f"comments.list answered {listed}")
        comments.delete(fileId=made["id"], commentId=note["id"]).execute()
        kept = comments.list(fileId=made["id"], includeDeleted=True, fields="comments(id,deleted,content)").execute()
        check(kept.get("comments") == [{"id": note["id"], "deleted": True}], f"a deleted comment is listed as {kept}")
        revisions = self.drive.revisions().list(fileId=made["id"], fields="revisions(id,size)").execute()
        check(revisions.get("revisions") == [{"id": "1", "size": "8"}], f"revisions.list answered {revisions}")
        self.drive.files().delete(fileId=made["id"]).execute()

    def pydrive2(self):
        import contextlib
        import socket
        from pydrive2.auth import GoogleAuth
        from pydrive2.drive import GoogleDrive
        # PyDrive2's own sign-in: oauth2client's web-server flow to its loopback listener, on
        # a free port, the consent played by the browser as in the sign-in step.
        with socket.socket() as probe:
            probe.bind(("localhost", 0))
            port = probe.getsockname()[1]
        gauth = GoogleAuth(settings={
            "client_config_backend": "settings",
            "client_config": {"client_id": "fidelity-client.apps.googleusercontent.com", "client_secret": "fidelity-secret",
                              "auth_uri": self.root + "/o/oauth2/v2/auth", "token_uri": self.root + "/token",
                              "revoke_uri": self.root + "/revoke", "redirect_uri": "http://localhost"},
            "oauth_scope": [SCOPE + "drive.file"], "save_credentials": False, "get_refresh_token": True})
        browser = PlayedBrowser()
        webbrowser.register(browser.name, None, browser, preferred=True)
        with contextlib.redirect_stdout(io.StringIO()):  # it prints the consent URL and "Authentication successful."
            gauth.LocalWebserverAuth(port_numbers=[port])
        browser.thread.join(30)
        check(browser.error is None, f"the played browser failed: {browser.error}")
        check(gauth.credentials and gauth.credentials.refresh_token, "PyDrive2's sign-in has no refresh token")
        # PyDrive2 builds Drive v2 from the document the library ships, at Google's host; its
        # public `service` is set to the same API built from the emulator's document instead.
        gauth.service = build("drive", "v2", http=gauth.Get_Http_Object(), static_discovery=False, cache_discovery=False,
                              discoveryServiceUrl=self.root + "/discovery/v1/apis/{api}/{apiVersion}/rest", requestBuilder=CheckedRequest)
        drive = GoogleDrive(gauth)
        title = f"pydrive2 {self.stamp}.txt"
        made = drive.CreateFile({"title": title, "mimeType": "text/plain"})
        made.SetContentString("hello from PyDrive2\n")
        made.Upload()
        check(made.get("id") and made.get("fileSize") == "20", f"Upload answered {made.get('id')!r}, {made.get('fileSize')!r} bytes")
        listed = drive.ListFile({"q": f"title = {drive_literal(title)} and 'root' in parents and trashed = false"}).GetList()
        check([item["id"] for item in listed] == [made["id"]], f"ListFile found {[item['title'] for item in listed]}")
        again = drive.CreateFile({"id": made["id"]})
        check(again.GetContentString() == "hello from PyDrive2\n", "GetContentString read other text")
        again.SetContentString("changed\n")
        again.Upload()  # files.update with the new content
        check(drive.CreateFile({"id": made["id"]}).GetContentString() == "changed\n", "the update's content is not what is read back")
        revisions = again.GetRevisions()  # v2's revisions.list
        check([r.get("fileSize") for r in revisions] == ["20", "8"], f"GetRevisions listed sizes {[r.get('fileSize') for r in revisions]}")
        check(gauth.Get_Http_Object().request(revisions[0]["downloadUrl"])[1] == b"hello from PyDrive2\n",
              "the first revision's downloadUrl does not give its content")
        note = gauth.service.comments().insert(fileId=made["id"], body={"content": "see line one"}).execute()
        listed_notes = gauth.service.comments().list(fileId=made["id"]).execute().get("items", [])
        check([c.get("commentId") for c in listed_notes] == [note.get("commentId")] and note.get("status") == "open",
              f"v2 comments listed {listed_notes}")
        again["title"] = f"pydrive2 renamed {self.stamp}.txt"
        again.Upload()  # files.patch: metadata only
        check(self.drive.files().get(fileId=made["id"], fields="name").execute()["name"] == again["title"], "v3 does not see the new title")
        doc = drive.CreateFile({"title": f"pydrive2 doc {self.stamp}", "mimeType": "text/plain"})
        doc.SetContentString("agenda\nnotes")
        doc.Upload(param={"convert": True})  # a Google Doc, read back through its exportLinks
        check(doc["mimeType"] == "application/vnd.google-apps.document", f"convert=True made a {doc['mimeType']}")
        text = drive.CreateFile({"id": doc["id"]}).GetContentString(mimetype="text/plain", remove_bom=True)
        check(text == "agenda\r\nnotes", f"the Doc's text/plain export read {text!r}")
        doc.Delete()
        shared = again.InsertPermission({"type": "anyone", "value": "anyone", "role": "reader"})
        check(shared.get("type") == "anyone" and shared.get("role") == "reader", f"InsertPermission answered {shared}")
        roles = sorted((p["type"], p["role"]) for p in again.GetPermissions())
        check(roles == [("anyone", "reader"), ("user", "owner")], f"GetPermissions answered {roles}")
        again.Trash()
        check(self.drive.files().get(fileId=made["id"], fields="trashed").execute() == {"trashed": True}, "Trash did not trash the file")
        again.Delete()
        expect_http_error(404, lambda: self.drive.files().get(fileId=made["id"]).execute(), "a file PyDrive2 deleted", reasons=["notFound"])

    # MARK: People

    def people_services(self):
        writer = google.oauth2.credentials.Credentials(token=self.emulator.mint([SCOPE + "contacts"]))
        return self.service("people", "v1", "/", writer), self.service("people", "v1", "/")

    def people_create(self):
        writer, reader = self.people_services()
        self.people_state.update(writer=writer, reader=reader, made={})
        for index, given in enumerate(["Fidelia", "Fidel", "Fidelma", "Fiona", "Fitz"]):
            person = writer.people().createContact(personFields="names,emailAddresses", body={
                "names": [{"givenName": given, "familyName": "Client" + self.stamp}],
                "emailAddresses": [{"value": f"{given.lower()}.{self.stamp}@example.com", "type": "home"}],
                "phoneNumbers": [{"value": f"+34 600 000 {index:03d}"}]}).execute()
            check(person.get("resourceName", "").startswith("people/c"), f"createContact gave {person.get('resourceName')}")
            self.people_state["made"][given] = person
        expect_http_error(403, lambda: reader.people().createContact(body={"names": [{"givenName": "Nobody"}]}).execute(),
                          "createContact with contacts.readonly")

    def people_connections(self):
        reader = self.people_state["reader"]
        connections = reader.people().connections()
        request = connections.list(resourceName="people/me", personFields="names,emailAddresses,phoneNumbers", pageSize=2,
                                   requestSyncToken=True)
        pages = []
        while request is not None:
            page = request.execute()
            pages.append(page)
            request = connections.list_next(request, page)
        everyone = {p["resourceName"]: p for page in pages for p in page.get("connections", [])}
        made = {p["resourceName"] for p in self.people_state["made"].values()}
        check(made <= set(everyone), f"connections miss {len(made - set(everyone))} created contacts")
        check(len(pages) >= 3, f"{len(everyone)} connections came in {len(pages)} page(s) of 2")
        check(all("nextSyncToken" not in p for p in pages[:-1]) and pages[-1].get("nextSyncToken"),
              "nextSyncToken is not on the last page alone")
        check(pages[0].get("totalPeople", pages[0].get("totalItems")) == len(everyone), "totalPeople does not count the connections")
        every = ("addresses,ageRanges,biographies,birthdays,calendarUrls,clientData,coverPhotos,emailAddresses,events,"
                 "externalIds,genders,imClients,interests,locales,locations,memberships,metadata,miscKeywords,names,nicknames,"
                 "occupations,organizations,phoneNumbers,photos,relations,sipAddresses,skills,urls,userDefined")
        whole = reader.people().get(resourceName=self.people_state["made"]["Fidel"]["resourceName"], personFields=every).execute()
        check(whole.get("metadata", {}).get("sources"), f"people.get with every personField gave no metadata.sources: {sorted(whole)}")
        fidel = everyone[self.people_state["made"]["Fidel"]["resourceName"]]
        check(fidel.get("phoneNumbers") and fidel.get("emailAddresses") and fidel.get("names"), "personFields were not all returned")
        self.people_state["sync"] = pages[-1]["nextSyncToken"]

    def people_incremental_sync(self):
        writer = self.people_state["writer"]
        made = self.people_state["made"]
        fiona = writer.people().get(resourceName=made["Fiona"]["resourceName"], personFields="names").execute()
        writer.people().updateContact(resourceName=fiona["resourceName"], updatePersonFields="names",
                                      body={"etag": fiona["etag"], "names": [{"givenName": "Fiona", "familyName": "Changed"}]}).execute()
        writer.people().deleteContact(resourceName=made["Fitz"]["resourceName"]).execute()
        connections = self.people_state["reader"].people().connections()
        request = connections.list(resourceName="people/me", personFields="names", syncToken=self.people_state["sync"],
                                   requestSyncToken=True)
        changed, last = {}, None
        while request is not None:
            last = request.execute()
            changed.update({p["resourceName"]: p for p in last.get("connections", [])})
            request = connections.list_next(request, last)
        check(last.get("nextSyncToken"), "the incremental list has no nextSyncToken")
        names = changed.get(fiona["resourceName"], {}).get("names", [{}])
        check(names[0].get("familyName") == "Changed", "the incremental list misses the update")
        check(changed.get(made["Fitz"]["resourceName"], {}).get("metadata", {}).get("deleted") is True,
              "the incremental list does not show the deleted contact with metadata.deleted")
        check(made["Fidel"]["resourceName"] not in changed, "the incremental list repeats an unchanged contact")

    def people_contact_groups(self):
        writer, reader = self.people_state["writer"], self.people_state["reader"]
        group = writer.contactGroups().create(body={"contactGroup": {"name": "Fidelity " + self.stamp}}).execute()
        check(group.get("groupType") == "USER_CONTACT_GROUP", f"the new group is {group}")
        member = self.people_state["made"]["Fiona"]["resourceName"]
        writer.contactGroups().members().modify(resourceName=group["resourceName"], body={"resourceNamesToAdd": [member]}).execute()
        got = reader.contactGroups().get(resourceName=group["resourceName"], maxMembers=10).execute()
        check(got.get("memberResourceNames") == [member] and got.get("memberCount") == 1, f"the group holds {got.get('memberResourceNames')}")
        names = [g["resourceName"] for g in reader.contactGroups().list().execute().get("contactGroups", [])]
        check(group["resourceName"] in names and "contactGroups/myContacts" in names, f"contactGroups.list gave {names}")
        writer.contactGroups().delete(resourceName=group["resourceName"]).execute()

    def people_search(self):
        people = self.people_state["reader"].people()
        people.searchContacts(query="", readMask="names,emailAddresses").execute()  # the warm-up Google asks for
        found = people.searchContacts(query="Fidel", readMask="names,emailAddresses", pageSize=10).execute().get("results", [])
        given = sorted(r["person"]["names"][0]["givenName"] for r in found if r["person"].get("names")
                       and r["person"]["names"][0].get("familyName") == "Client" + self.stamp)
        check(given == ["Fidel", "Fidelia", "Fidelma"], f"searchContacts('Fidel') found {given}")
        check(all("phoneNumbers" not in r["person"] for r in found), "searchContacts returned fields outside readMask")
        nothing = people.searchContacts(query="idel", readMask="names").execute()
        check(not nothing.get("results"), "searchContacts matched inside a word instead of a prefix")

    def people_search_warm_up(self):
        people, writer = self.people_state["reader"].people(), self.people_state["writer"].people()
        self.emulator.control("POST", "search-warmup", {"required": True})
        try:
            made = writer.createContact(personFields="names", body={"names": [{"givenName": "Quenby", "familyName": self.stamp}]}).execute()
            stale = people.searchContacts(query="Quenby " + self.stamp, readMask="names").execute()
            check(not stale.get("results"), "with the warm-up required, a search before it found the new contact")
            people.searchContacts(query="", readMask="names").execute()
            found = people.searchContacts(query="Quenby " + self.stamp, readMask="names").execute().get("results", [])
            check([r["person"]["resourceName"] for r in found] == [made["resourceName"]], f"after the warm-up the search found {found}")
        finally:
            self.emulator.control("POST", "search-warmup", {"required": False})

    def people_me_and_sort_order(self):
        reader = self.people_state["reader"]
        me = reader.people().get(resourceName="people/me", personFields="names,emailAddresses").execute()
        check(me.get("resourceName", "").startswith("people/") and me.get("emailAddresses"), f"people/me gave {sorted(me)}")
        page = reader.people().connections().list(resourceName="people/me", personFields="names", pageSize=1000,
                                                  sortOrder="FIRST_NAME_ASCENDING").execute()
        given = [p["names"][0].get("givenName", "") for p in page.get("connections", []) if p.get("names")]
        check(given == sorted(given, key=str.lower), f"FIRST_NAME_ASCENDING gave {given}")
        expect_http_error(400, lambda: reader.people().connections().list(resourceName="people/me").execute(),
                          "connections.list without personFields")

    def people_directory_refused(self):
        creds = google.oauth2.credentials.Credentials(token=self.emulator.mint([SCOPE + "directory.readonly"]))
        people = self.service("people", "v1", "/", creds).people()
        error = expect_http_error(400, lambda: people.listDirectoryPeople(readMask="names", sources=["DIRECTORY_SOURCE_TYPE_DOMAIN_PROFILE"]).execute(),
                                  "listDirectoryPeople")
        status = json.loads(error.content.decode("utf-8"))["error"].get("status")
        check(status == "FAILED_PRECONDITION", f"listDirectoryPeople's status is {status}")

    # MARK: faults

    def retried_once(self, fault):
        self.emulator.clear_requests()
        self.emulator.arm(**fault)
        items = self.calendar.calendarList().list().execute(num_retries=2).get("items", [])
        check(items, "the retried call gave no calendars")
        statuses = [r["status"] for r in self.emulator.requests() if r["path"].startswith("/calendar/v3")]
        check(statuses == [fault["status"], 200], f"the emulator answered {statuses}, expected [{fault['status']}, 200]")

    def fault_503(self):
        self.retried_once({"method": "GET", "path": "/calendar/v3", "count": 1, "mode": "status", "status": 503})

    def fault_rate_limit(self):
        self.retried_once({"method": "GET", "path": "/calendar/v3", "count": 1, "mode": "status", "status": 403,
                           "reason": "rateLimitExceeded"})

    def fault_forbidden(self):
        self.emulator.arm(method="GET", path="/calendar/v3", count=1, mode="status", status=403, reason="forbidden")
        expect_http_error(403, lambda: self.calendar.calendarList().list().execute(num_retries=2),
                          "a 403 forbidden with num_retries=2", reasons=["forbidden"])

    def fault_upload_chunk(self):
        # Not next_chunk(num_retries=…): its retry resends the chunk from a _StreamSlice that
        # the first try already read to the end, so the retry announces 256 KiB and sends
        # none, and waits for its 60 s socket timeout (google-api-python-client 2.202.0,
        # http.py). The documented way works: on a 5xx call next_chunk again, which slices
        # the stream anew at the offset the server acknowledges.
        content = bytes(range(256)) * (3 * KIB)  # 768 KiB
        media = MediaIoBaseUpload(io.BytesIO(content), mimetype="application/octet-stream", chunksize=256 * KIB, resumable=True)
        request = self.upload(self.drive.files().create(body={"name": f"retried {self.stamp}.bin"}, media_body=media,
                                                        fields="id,size,md5Checksum"))
        status, made = request.next_chunk()
        self.emulator.clear_requests()
        self.emulator.arm(method="PUT", path="/upload/drive/v3/files", count=1, mode="status", status=503)
        expect_http_error(503, request.next_chunk, "the second chunk under a 503 fault")
        while made is None:
            status, made = request.next_chunk()
        check(made.get("md5Checksum") == hashlib.md5(content).hexdigest(), "the upload with a resent chunk has other bytes")
        # After the error the library first asks where the upload stands (`bytes */total`).
        puts = [r["status"] for r in self.emulator.requests() if r["method"] == "PUT"]
        check(puts == [503, 308, 308, 200], f"the PUTs were answered {puts}, expected [503, 308 (status query), 308, 200]")

    # MARK: other ways apps use the libraries, and another client

    def calendar_batch(self):
        # The library's batch URI comes from the discovery document's rootUrl (api_endpoint
        # does not move it), so the batch is pointed at the emulator's batch path by hand.
        from googleapiclient.http import BatchHttpRequest
        answered = []
        batch = BatchHttpRequest(callback=lambda rid, response, error: answered.append((rid, response, error)),
                                 batch_uri=self.root + "/batch/calendar/v3")
        ids = [uuid.uuid4().hex for _ in range(3)]
        for number, event_id in enumerate(ids):
            start = self.BASE + datetime.timedelta(days=30, hours=number)
            batch.add(self.calendar.events().insert(calendarId="primary", body=self.event_body(f"Batched {number}", start, id=event_id)))
        batch.add(self.calendar.events().get(calendarId="primary", eventId="nosuchevent0"))
        batch.execute()
        check([rid for rid, _, _ in answered] == ["1", "2", "3", "4"], f"the parts were answered as {[rid for rid, _, _ in answered]}")
        check([response and response.get("id") for _, response, _ in answered[:3]] == ids, "the inserts came back with other ids")
        error = answered[3][2]
        check(isinstance(error, HttpError) and error.resp.status == 404 and reason_of(error) == "notFound",
              f"the missing event's part was {error!r}, not a 404 notFound")
        for event_id in ids:
            self.calendar.events().delete(calendarId="primary", eventId=event_id).execute()

    def batch_of_one_api(self):
        # Google's batch endpoints are per API since its global /batch went (2020): a part
        # for another API is a path that API's server does not have, answered beside the rest.
        from googleapiclient.http import BatchHttpRequest
        answered = {}
        batch = BatchHttpRequest(callback=lambda rid, response, error: answered.__setitem__(rid, (response, error)),
                                 batch_uri=self.root + "/batch/calendar/v3")
        batch.add(self.calendar.colors().get(), request_id="calendar")
        batch.add(self.drive.about().get(fields="user"), request_id="drive")
        batch.execute()
        check((answered["calendar"][0] or {}).get("kind") == "calendar#colors", f"the Calendar part answered {answered['calendar']!r}")
        error = answered["drive"][1]
        check(isinstance(error, HttpError) and error.resp.status == 404 and reason_of(error) == "notFound",
              f"the Drive part in the Calendar batch was {error!r}, not a 404 notFound")

    def people_error_format(self):
        # The standard parameter `$.xgafv` is the library's `x__xgafv`: format 1 adds the
        # legacy errors list to People's error; 2 (Google's default there) has none.
        people = self.service("people", "v1", "/").people()
        for format, has_list in (("1", True), ("2", False)):
            error = expect_http_error(404, lambda: people.get(resourceName="people/c1", personFields="names", x__xgafv=format).execute(),
                                      f"people.get of a missing contact with $.xgafv={format}")
            body = json.loads(error.content.decode("utf-8"))["error"]
            check(body.get("status") == "NOT_FOUND", f"$.xgafv={format}: the status is {body.get('status')}")
            check(("errors" in body) == has_list, f"$.xgafv={format}: the errors list is {'missing' if has_list else 'there'}")
            if has_list:
                check(body["errors"][0].get("reason") == "notFound", f"the errors list says {body['errors']}")
        session = google.auth.transport.requests.AuthorizedSession(self.creds)
        session.trust_env = False
        refused = session.get(self.root + "/v1/people/me?personFields=names&$.xgafv=3", timeout=30)
        check(refused.status_code == 400 and "system query parameter : $.xgafv" in refused.text, f"$.xgafv=3 answered {refused.status_code} {refused.text[:120]}")

    def drive_resumable_cancel(self):
        # The library has no cancel; an app cancels a session with DELETE to its URI, which
        # Google's upload server answers 499 (Client Closed Request).
        session = google.auth.transport.requests.AuthorizedSession(self.creds)
        session.trust_env = False
        started = session.post(self.root + "/upload/drive/v3/files?uploadType=resumable", json={"name": f"cancelled {self.stamp}.txt"},
                               headers={"X-Upload-Content-Type": "text/plain", "X-Upload-Content-Length": str(300 * KIB)}, timeout=30)
        check(started.status_code == 200 and "Location" in started.headers, f"the session start answered {started.status_code}")
        uri = started.headers["Location"]
        chunk = session.put(uri, data=b"x" * (256 * KIB), headers={"Content-Range": f"bytes 0-{256 * KIB - 1}/{300 * KIB}"}, timeout=30)
        check(chunk.status_code == 308, f"the first chunk answered {chunk.status_code}, not 308")
        cancelled = session.delete(uri, timeout=30)
        check(cancelled.status_code == 499, f"DELETE to the session answered {cancelled.status_code}")
        check(session.put(uri, headers={"Content-Range": f"bytes */{300 * KIB}"}, timeout=30).status_code == 404, "the cancelled session still answers")
        left = self.drive.files().list(q=f"name = {drive_literal(f'cancelled {self.stamp}.txt')}", fields="files(id)").execute()
        check(left.get("files") == [], "a cancelled upload made a file")

    def userinfo(self):
        # Google's oauth2 v2 API, which apps call for the signed-in address.
        oauth2 = build("oauth2", "v2", credentials=self.creds, static_discovery=True, client_options={"api_endpoint": self.root + "/"})
        info = oauth2.userinfo().get().execute()
        check(info.get("email") and info.get("verified_email") is True and info.get("id"), f"userinfo.get answered {info}")

    def calendar_if_match(self):
        made = self.calendar.events().insert(calendarId="primary", body=self.event_body("Guarded", self.BASE + datetime.timedelta(days=31))).execute()
        stale = self.calendar.events().patch(calendarId="primary", eventId=made["id"], body={"summary": "Guarded twice"})
        stale.headers["If-Match"] = '"0"'
        expect_http_error(412, stale.execute, "a patch with a stale If-Match", reasons=["conditionNotMet"])
        fresh = self.calendar.events().patch(calendarId="primary", eventId=made["id"], body={"summary": "Guarded once"})
        fresh.headers["If-Match"] = made["etag"]
        check(fresh.execute().get("summary") == "Guarded once", "a patch with the current If-Match did not apply")
        self.calendar.events().delete(calendarId="primary", eventId=made["id"]).execute()

    def authorized_session_raw(self):
        # google-auth's requests session, used the way Java's client sends bodies (gzipped)
        # and Go's reads answers (prettyPrint=false); Google's default answer is indented.
        import gzip
        session = google.auth.transport.requests.AuthorizedSession(self.creds)
        session.trust_env = False
        events = self.root + "/calendar/v3/calendars/primary/events"
        body = json.dumps(self.event_body("Zipped", self.BASE + datetime.timedelta(days=32))).encode()
        made = session.post(events + "?fields=id,summary", data=gzip.compress(body), timeout=30,
                            headers={"Content-Type": "application/json; charset=UTF-8", "Content-Encoding": "gzip"})
        check(made.status_code == 200 and made.json().get("summary") == "Zipped", f"the gzipped insert answered {made.status_code} {made.text[:120]}")
        check(made.text.startswith('{\n "id": "'), f"the default answer is not indented a space a level: {made.text[:40]!r}")
        compact = session.get(f"{events}/{made.json()['id']}?fields=id,summary&prettyPrint=false", timeout=30)
        check(compact.text == json.dumps({"id": made.json()["id"], "summary": "Zipped"}, separators=(",", ":")),
              f"prettyPrint=false answered {compact.text[:80]!r}")
        check(session.delete(f"{events}/{made.json()['id']}", timeout=30).status_code == 204, "the delete did not answer 204")

    def discovery_service(self):
        # build() with discoveryServiceUrl fetches the document and takes rootUrl from it: the
        # emulator's own address, so uploads and batches reach it with nothing fixed by hand.
        url = self.root + "/discovery/v1/apis/{api}/{apiVersion}/rest"
        drive = build("drive", "v3", credentials=self.creds, discoveryServiceUrl=url, static_discovery=False,
                      cache_discovery=False, requestBuilder=CheckedRequest)
        calendar = build("calendar", "v3", credentials=self.creds, discoveryServiceUrl=url, static_discovery=False,
                         cache_discovery=False, requestBuilder=CheckedRequest)
        content = bytes(range(256)) * (2 * KIB)  # 512 KiB: two chunks
        media = MediaIoBaseUpload(io.BytesIO(content), mimetype="application/octet-stream", chunksize=256 * KIB, resumable=True)
        request = drive.files().create(body={"name": f"discovered {self.stamp}.bin"}, media_body=media, fields="id,size,md5Checksum")
        check(request.uri.startswith(self.root + "/upload/drive/v3/files"), f"the upload goes to {request.uri.split('?')[0]}")
        made = None
        while made is None:
            _, made = request.next_chunk()
        check(made.get("md5Checksum") == hashlib.md5(content).hexdigest(), "the discovered upload holds other bytes")
        answered = []
        batch = calendar.new_batch_http_request(callback=lambda rid, response, error: answered.append((response or {}).get("kind")))
        batch.add(calendar.colors().get())
        batch.add(calendar.calendarList().list())
        batch.execute()
        check(answered == ["calendar#colors", "calendar#calendarList"], f"the discovered batch answered {answered}")
        drive.files().delete(fileId=made["id"]).execute()

    def aiogoogle_service(self, name, version):
        """aiogoogle builds its requests from a discovery document; the library's own copy,
        with rootUrl set to the emulator, as a client author points it elsewhere."""
        from aiogoogle import GoogleAPI
        doc = json.loads(discovery_cache.get_static_doc(name, version))
        doc["rootUrl"] = doc["mtlsRootUrl"] = self.root + "/"
        return GoogleAPI(doc)

    def aiogoogle_run(self, scopes, work):
        import asyncio
        from aiogoogle import Aiogoogle
        from aiogoogle.auth.creds import UserCreds
        expiry = (datetime.datetime.utcnow() + datetime.timedelta(minutes=30)).isoformat(timespec="seconds")
        creds = UserCreds(access_token=self.emulator.mint([SCOPE + s for s in scopes]), expires_at=expiry)

        async def session():
            async with Aiogoogle(user_creds=creds) as client:
                return await work(client)
        return asyncio.run(session())

    def aiogoogle_calendar(self):
        calendar = self.aiogoogle_service("calendar", "v3")
        start = self.BASE + datetime.timedelta(days=33)

        async def work(client):
            made = await client.as_user(calendar.events.insert(calendarId="primary", json=self.event_body("Async", start), sendUpdates="none"))
            listed = await client.as_user(calendar.events.list(calendarId="primary", timeMin=start.isoformat(), singleEvents=True,
                                                               orderBy="startTime", q="Async"))
            await client.as_user(calendar.events.delete(calendarId="primary", eventId=made["id"]))
            return made, listed
        made, listed = self.aiogoogle_run(["calendar.events"], work)
        check([item["id"] for item in listed.get("items", [])] == [made["id"]], f"events.list found {listed.get('items')}")

    def aiogoogle_drive(self):
        # aiogoogle sends metadata and content as multipart/related without uploadType;
        # Google reads the protocol from the body's type.
        drive = self.aiogoogle_service("drive", "v3")
        content = b"written by aiogoogle\n" * 50
        import tempfile
        with tempfile.NamedTemporaryFile(suffix=".txt", delete=False) as file:
            file.write(content)
            path = file.name

        async def work(client):
            made = await client.as_user(drive.files.create(upload_file=path, json={"name": f"async {self.stamp}.txt", "mimeType": "text/plain"},
                                                           fields="id,name,mimeType,size"))
            down = await client.as_user(drive.files.get(fileId=made["id"], alt="media"))
            await client.as_user(drive.files.delete(fileId=made["id"]))
            return made, down
        try:
            made, down = self.aiogoogle_run(["drive.file"], work)
        finally:
            os.unlink(path)
        check(made.get("name") == f"async {self.stamp}.txt" and made.get("mimeType") == "text/plain",
              f"the upload made {made}, not the named text file")
        check(made.get("size") == str(len(content)), f"the upload holds {made.get('size')} bytes, not {len(content)}")
        check((down.encode() if isinstance(down, str) else down) == content, "the download gave other bytes than the upload")

    def gcal_sync_calendar(self):
        # gcal-sync, the library Home Assistant's Google Calendar integration syncs with,
        # sends its own requests on aiohttp (no discovery document): the calendar list and
        # a calendar's events synced by sync token, without singleEvents, each series
        # expanded locally from its rule less the occurrences the listing gives apart
        # (cancelled ones too: Google lists them though showDeleted is not given); a day
        # deleted as a patch to status cancelled, the days from one on as a patch of the
        # rule's UNTIL. Pointed at the emulator by its AbstractAuth's own `host`.
        import asyncio
        import aiohttp
        from gcal_sync.api import GoogleCalendarService, LocalListEventsRequest, Range
        from gcal_sync.auth import AbstractAuth
        from gcal_sync.exceptions import ApiException
        from gcal_sync.model import DateOrDatetime, Event
        from gcal_sync.store import InMemoryCalendarStore
        from gcal_sync.sync import CalendarEventSyncManager, CalendarListSyncManager
        token = self.emulator.mint([SCOPE + "calendar"])
        made = self.full_calendar().calendars().insert(body={"summary": f"gcal-sync {self.stamp}", "timeZone": "Europe/Madrid"}).execute()
        calendar_id = made["id"]
        summer = datetime.timezone(datetime.timedelta(hours=2))  # Madrid in June
        first = datetime.datetime(2031, 6, 2, 9, 0, tzinfo=summer)  # a Monday
        window = LocalListEventsRequest(start_time=datetime.datetime(2031, 6, 1, tzinfo=summer), end_time=datetime.datetime(2031, 7, 15, tzinfo=summer))

        def at(moment, minutes=60):
            return (DateOrDatetime(date_time=moment, timezone="Europe/Madrid"),
                    DateOrDatetime(date_time=moment + datetime.timedelta(minutes=minutes), timezone="Europe/Madrid"))

        class Auth(AbstractAuth):
            async def async_get_access_token(self):
                return token

        async def listed(manager):
            answer = await manager.store_service.async_list_events(window)
            return [(event.summary, event.start.value.astimezone(summer).strftime("%m-%d %H:%M")) for event in answer.events]

        async def work():
            async with aiohttp.ClientSession() as session:
                api = GoogleCalendarService(Auth(session, host=self.root + "/calendar/v3"))
                calendars = CalendarListSyncManager(api)
                await calendars.run()
                await calendars.run()  # again, by its sync token
                names = [c.summary for c in (await calendars.store_service.async_list_calendars()).calendars]
                check(made["summary"] in names, f"the calendar list synced holds {names}")
                store = InMemoryCalendarStore()
                sync = CalendarEventSyncManager(api, calendar_id=calendar_id, store=store)
                await sync.run()
                check(await listed(sync) == [], "a new calendar synced with events")
                swim_start, swim_end = at(first)
                await sync.store_service.async_add_event(Event(summary="Swim", start=swim_start, end=swim_end, recurrence=["RRULE:FREQ=WEEKLY;COUNT=5"]))
                dentist_start, dentist_end = at(first + datetime.timedelta(days=2, hours=7), 30)
                await sync.store_service.async_add_event(Event(summary="Dentist", start=dentist_start, end=dentist_end))
                await sync.run()
                weekly = [("Swim", f"06-{day:02d} 09:00") for day in (2, 9, 16, 23, 30)]
                seen = await listed(sync)
                check(seen == [weekly[0], ("Dentist", "06-04 16:00")] + weekly[1:], f"after the inserts the sync shows {seen}")
                series = next(event for event in (await sync.store_service.async_list_events(window)).events if event.summary == "Swim")
                # One day deleted (a patch of that instance to cancelled), then the days from the 23rd on.
                await sync.store_service.async_delete_event(series.ical_uuid, event_id=f"{series.recurring_event_id}_20310609T070000Z")
                await sync.run()
                seen = await listed(sync)
                check(seen == [weekly[0], ("Dentist", "06-04 16:00")] + weekly[2:], f"after a day was deleted the sync shows {seen}")
                await sync.store_service.async_delete_event(series.ical_uuid, event_id=f"{series.recurring_event_id}_20310623T070000Z",
                                                            recurrence_range=Range.THIS_AND_FUTURE)
                dentist = next(event for event in (await sync.store_service.async_list_events(window)).events if event.summary == "Dentist")
                await sync.store_service.async_delete_event(dentist.ical_uuid)
                await sync.run()
                left = [weekly[0], weekly[2]]
                seen = await listed(sync)
                check(seen == left, f"after the deletes the incremental sync shows {seen}")
                # A client starting afresh: the full listing must carry the cancelled day.
                fresh = CalendarEventSyncManager(api, calendar_id=calendar_id, store=InMemoryCalendarStore())
                await fresh.run()
                seen = await listed(fresh)
                check(seen == left, f"a fresh full sync shows {seen}")
                # Expired tokens: gcal-sync reads the 410 as InvalidSyncTokenException and syncs again from nothing.
                self.emulator.control("POST", "sync-tokens/expire", {})
                await sync.run()
                seen = await listed(sync)
                check(seen == left, f"the re-sync after a 410 shows {seen}")
                try:
                    await api.async_get_event(calendar_id, "nosuchevent")
                    check(False, "a missing event was found")
                except ApiException as error:
                    check("404" in str(error), f"a missing event was {error}, not 404")
        try:
            asyncio.run(work())
        finally:
            self.full_calendar().calendars().delete(calendarId=calendar_id).execute()

    # gcalcli has no option naming Google's host: its gcal.py calls googleapiclient's
    # build('calendar', 'v3', credentials=…). The one thing changed is that `build`, given
    # client_options={'api_endpoint': the emulator}; the rest is gcalcli's own command line,
    # run in its own process as a person runs it.
    GCALCLI = """
import functools, sys
import gcalcli.gcal
from googleapiclient.discovery import build
gcalcli.gcal.build = functools.partial(build, client_options={"api_endpoint": sys.argv[1] + "/calendar/v3/"})
from gcalcli.cli import main
sys.argv = ["gcalcli"] + sys.argv[2:]
main()
"""

    def gcalcli_cli(self):
        """gcalcli 4.5.1 (a terminal calendar client, pinned): signed in through an oauth file in
        its legacy JSON form (this run's grant, narrowed to its Calendar scopes, which a refresh
        asks for) with an access token the emulator does not know (so its first
        request is a 401 and google-auth refreshes at the emulator's token endpoint), then
        `list`, `add` (timed, with a place, a description and a reminder, in the Europe/Berlin
        the process runs in; and all-day), `quick`, `agenda --tsv`, `search`, `delete`."""
        home = tempfile.mkdtemp(prefix="fidelity-gcalcli-")
        data = os.path.join(home, "data")
        os.makedirs(os.path.join(data, "gcalcli"))
        with open(os.path.join(data, "gcalcli", "oauth"), "w") as file:
            json.dump({"access_token": "not-a-token-the-emulator-made", "client_id": self.creds.client_id,
                       "client_secret": self.creds.client_secret, "refresh_token": self.creds.refresh_token,
                       "token_uri": self.root + "/token", "scopes": [SCOPE + "calendar.events", SCOPE + "calendar.calendarlist.readonly"]}, file)
        env = {"HOME": home, "XDG_DATA_HOME": data, "XDG_CONFIG_HOME": os.path.join(home, "config"),
               "XDG_CACHE_HOME": os.path.join(home, "cache"), "TZ": "Europe/Berlin", "LANG": "C.UTF-8", "PATH": os.environ.get("PATH", ""),
               "NO_PROXY": os.environ.get("NO_PROXY", "127.0.0.1"), "no_proxy": os.environ.get("no_proxy", "127.0.0.1")}

        def gcalcli(*args):
            run = subprocess.run([sys.executable, "-I", "-c", self.GCALCLI, self.root, "--nocache", "--nocolor", *args],
                                 env=env, capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
            check(run.returncode == 0, f"gcalcli {args[0]} exited {run.returncode}: {(run.stderr or run.stdout).strip()[-300:]}")
            return run.stdout

        primary = next(c for c in self.calendar.calendarList().list().execute()["items"] if c.get("primary"))["id"]
        stamp = f"g{self.stamp}"
        self.emulator.clear_requests()
        listed = gcalcli("list")
        check(any(line.split() == ["owner", primary] for line in listed.splitlines()), f"gcalcli list shows {listed!r}")
        seen = [(r["method"], r["path"], r["status"]) for r in self.emulator.requests()]
        check(seen[:3] == [("GET", "/calendar/v3/users/me/calendarList", 401), ("POST", "/token", 200),
                           ("GET", "/calendar/v3/users/me/calendarList", 200)], f"gcalcli's sign-in went {seen[:3]}")
        gcalcli("--calendar", primary, "add", "--title", f"Dentist {stamp}", "--when", "2026-12-15 10:00", "--duration", "45",
                "--where", "Calle Mayor 1", "--description", "bring the card", "--reminder", "10 popup", "--noprompt")
        gcalcli("--calendar", primary, "add", "--title", f"Offsite {stamp}", "--when", "2026-12-17", "--allday", "--duration", "2", "--noprompt")
        gcalcli("--calendar", primary, "quick", f"Gym {stamp} on 2026-12-16 at 7pm")
        made = {e["summary"]: e for e in self.calendar.events().list(calendarId=primary, q=stamp).execute().get("items", [])}
        check(set(made) == {f"Dentist {stamp}", f"Offsite {stamp}", f"Gym {stamp}"}, f"gcalcli made {sorted(made)}")
        dentist = made[f"Dentist {stamp}"]
        check(self.instant(dentist["start"]["dateTime"]) == self.instant("2026-12-15T10:00:00+01:00")
              and self.instant(dentist["end"]["dateTime"]) == self.instant("2026-12-15T10:45:00+01:00"),
              f"gcalcli's 10:00 in Berlin for 45 minutes became {dentist['start']}–{dentist['end']}")
        check((dentist.get("location"), dentist.get("description")) == ("Calle Mayor 1", "bring the card"), "the place or description was lost")
        check(dentist.get("reminders") == {"useDefault": False, "overrides": [{"method": "popup", "minutes": 10}]},
              f"the reminder became {dentist.get('reminders')}")
        offsite = made[f"Offsite {stamp}"]
        check((offsite["start"], offsite["end"]) == ({"date": "2026-12-17"}, {"date": "2026-12-19"}), f"the two-day all-day event is {offsite['start']}–{offsite['end']}")
        agenda = [line.split("\t") for line in gcalcli("agenda", "2026-12-14", "2026-12-20", "--tsv", "--details", "all").splitlines()]
        header, rows = agenda[0], [dict(zip(agenda[0], row)) for row in agenda[1:]]
        mine = [(r["start_date"], r["start_time"], r["end_date"], r["end_time"], r["title"], r["location"]) for r in rows if stamp in r.get("title", "")]
        # Google reads the quick line in the calendar's zone (UTC here): 19:00 is 20:00 in Berlin.
        check(mine == [("2026-12-15", "10:00", "2026-12-15", "10:45", f"Dentist {stamp}", "Calle Mayor 1"),
                       ("2026-12-16", "20:00", "2026-12-16", "21:00", f"Gym {stamp}", ""),
                       ("2026-12-17", "", "2026-12-19", "", f"Offsite {stamp}", "")], f"gcalcli agenda --tsv shows {mine} (columns {header})")
        found = gcalcli("search", f"Dentist {stamp}", "2026-12-01", "2026-12-31")
        check(f"Dentist {stamp}" in found and "10:00" in found, f"gcalcli search shows {found!r}")
        deleted = gcalcli("--calendar", primary, "delete", f"Dentist {stamp}", "2026-12-01", "2026-12-31", "--iamaexpert")
        check("Deleted!" in deleted, f"gcalcli delete says {deleted!r}")
        gone = self.calendar.events().get(calendarId=primary, eventId=dentist["id"]).execute()
        check(gone.get("status") == "cancelled", f"the deleted event is {gone.get('status')}")
        for event in (made[f"Offsite {stamp}"], made[f"Gym {stamp}"]):
            self.calendar.events().delete(calendarId=primary, eventId=event["id"]).execute()

    def gcsa_calendar(self):
        # gcsa (Google Calendar Simple API) builds Calendar v3 at Google's host from the
        # credentials it is given; its public `service` is swapped for one at the emulator,
        # and the rest is gcsa's own: the bodies it writes and its parsing of every answer
        # into Event objects (dates, reminders, attendees, recurrence).
        from gcsa.attendee import Attendee
        from gcsa.event import Event
        from gcsa.google_calendar import GoogleCalendar
        from gcsa.recurrence import Recurrence, TU, WEEKLY
        from gcsa.reminders import PopupReminder
        gc = GoogleCalendar(credentials=self.creds)
        gc.service = self.service("calendar", "v3", "/calendar/v3/")
        zone = "Europe/Madrid"
        start = datetime.datetime(2031, 4, 1, 18, 0)  # a Tuesday, wall time in `zone`
        series = Event(f"gcsa piano {self.stamp}", start=start, end=start + datetime.timedelta(hours=1), timezone=zone,
                       recurrence=[Recurrence.rule(freq=WEEKLY, by_week_day=[TU], count=4)], reminders=[PopupReminder(minutes_before_start=15)],
                       attendees=[Attendee("ana@example.com", display_name="Ana")], location="Music school", description="Bring the book")
        made = gc.add_event(series)
        check(made.id and made.summary == series.summary, f"add_event answered {made.id!r} {made.summary!r}")
        check(made.recurrence == series.recurrence, f"the series came back repeating {made.recurrence}, not {series.recurrence}")
        check([(r.method, r.minutes_before_start) for r in made.reminders] == [("popup", 15)], f"its reminders came back as {made.reminders}")
        check([a.email for a in made.attendees] == ["ana@example.com"], f"its guests came back as {made.attendees}")
        check(made.start.utcoffset() == datetime.timedelta(hours=2) and made.start.hour == 18, f"it starts {made.start.isoformat()}, not 18:00 +02:00")
        instances = list(gc.get_instances(made, time_min=datetime.date(2031, 3, 30), time_max=datetime.date(2031, 5, 1), timezone=zone))
        days = [i.start.date().isoformat() for i in instances]
        check(days == ["2031-04-01", "2031-04-08", "2031-04-15", "2031-04-22"], f"its instances fall on {days}")
        check(all(i.recurring_event_id == made.id for i in instances), "an instance does not name its series")
        recital = instances[2]
        recital.summary += " (recital)"
        recital.start += datetime.timedelta(hours=1)
        recital.end += datetime.timedelta(hours=1)
        changed = gc.update_event(recital)
        check(changed.summary.endswith("(recital)") and changed.start.hour == 19, f"update_event made {changed.summary!r} at {changed.start.isoformat()}")
        listed = list(gc.get_events(time_min=datetime.date(2031, 3, 30), time_max=datetime.date(2031, 5, 1), single_events=True, order_by="startTime",
                                    query=self.stamp, timezone=zone))
        shown = [(e.start.strftime("%m-%d %H:%M"), e.summary.replace(f" {self.stamp}", "")) for e in listed if e.summary.startswith("gcsa ")]
        check(shown == [("04-01 18:00", "gcsa piano"), ("04-08 18:00", "gcsa piano"), ("04-15 19:00", "gcsa piano (recital)"), ("04-22 18:00", "gcsa piano")],
              f"get_events listed {shown}")
        got = gc.get_event(made.id)
        check(got.location == "Music school" and got.description == "Bring the book", f"get_event read {got.location!r}, {got.description!r}")
        uid = f"gcsa-{self.stamp}@example.com"
        imported = Event(f"gcsa concert {self.stamp}", start=datetime.datetime(2031, 4, 3, 20, 0), end=datetime.datetime(2031, 4, 3, 22, 0), timezone=zone,
                         iCalUID=uid)
        first = gc.import_event(imported)
        again = gc.import_event(imported)
        check(first.id == again.id and first.other.get("iCalUID") == uid, f"importing {uid} twice made {first.id} and {again.id}")
        quick = gc.add_quick_event(f"gcsa review {self.stamp} tomorrow 3pm")
        check(quick.summary == f"gcsa review {self.stamp}", f"quickAdd read {quick.summary!r}")
        calendars = list(gc.get_calendar_list())
        check(any(c.calendar_id == made.creator.email or c.summary for c in calendars) and calendars, "get_calendar_list listed no calendar")
        for event in (made, first, quick):
            gc.delete_event(event)
        left = [e for e in gc.get_events(time_min=datetime.date(2031, 3, 30), time_max=datetime.date(2031, 5, 1), query=self.stamp)
                if e.summary.startswith("gcsa ")]
        check(left == [], f"after delete_event, get_events still lists {[e.summary for e in left]}")

    def aiogoogle_people(self):
        people = self.aiogoogle_service("people", "v1")

        async def work(client):
            page = await client.as_user(people.people.connections.list(resourceName="people/me", personFields="names", pageSize=2))
            await client.as_user(people.people.searchContacts(query="", readMask="names"))
            found = await client.as_user(people.people.searchContacts(query="Client" + self.stamp, readMask="names"))
            return page, found
        page, found = self.aiogoogle_run(["contacts.readonly"], work)
        check(len(page.get("connections", [])) == 2 and page.get("nextPageToken"), f"connections answered {str(page)[:120]}")
        family = {r["person"]["names"][0].get("familyName") for r in found.get("results", []) if r["person"].get("names")}
        check(family == {"Client" + self.stamp}, f"searchContacts for the script's family name found {family}")

    # MARK: revoke

    def revoke(self):
        # google-auth has no revoke call; this is the POST Google documents, made with requests
        # (which the libraries already use for the token endpoint).
        import requests
        answer = requests.post(self.root + "/revoke", data={"token": self.creds.refresh_token}, timeout=30)
        check(answer.status_code == 200, f"/revoke answered {answer.status_code}")
        try:
            self.creds.refresh(google.auth.transport.requests.Request())
        except google.auth.exceptions.RefreshError as error:
            check("invalid_grant" in str(error), f"the refused refresh says {error}, not invalid_grant")
        else:
            raise StepFailed("a refresh with a revoked refresh token succeeded")
        # The access token went with the grant: the call gets a 401, and the library's own
        # refresh on 401 is refused in turn.
        self.emulator.clear_requests()
        try:
            self.calendar.calendarList().list().execute()
        except google.auth.exceptions.RefreshError:
            pass
        else:
            raise StepFailed("a call with the revoked grant's access token succeeded")
        seen = [(r["path"], r["status"]) for r in self.emulator.requests()]
        check(seen == [("/calendar/v3/users/me/calendarList", 401), ("/token", 400)], f"the emulator saw {seen}")


def main(argv):
    if len(argv) != 2 or not argv[1].startswith("http://"):
        print("usage: google_client_fidelity.py http://127.0.0.1:PORT", file=sys.stderr)
        return 2
    started = time.monotonic()
    fidelity = Fidelity(argv[1])
    fidelity.run()
    print(f"fidelity script took {time.monotonic() - started:.1f}s", flush=True)
    # Last, alone on its line: the count a CI log reader looks for.
    print(f"fidelity: {fidelity.steps - fidelity.failures} passed, {fidelity.failures} failed", flush=True)
    return 1 if fidelity.failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
