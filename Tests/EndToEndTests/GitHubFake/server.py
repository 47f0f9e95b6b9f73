#!/usr/bin/env python3
"""A small stand-in for the GitHub REST endpoints `dtaudit file` calls, for the end-to-end tests.

Every request and every answer is checked against openapi-excerpt.json (an excerpt of GitHub's
published OpenAPI description, its source named inside): an unknown endpoint, parameter or body
field, a wrong type or enum value, is recorded as a violation that the tests read at /_state.
/_control lets a test act as a person on GitHub (close an issue as not planned, add a label, file
an issue by hand) or make the next write hit a rate limit.
"""
import json
import re
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlsplit, parse_qs, unquote

EXCERPT = json.load(open(sys.argv[1]))
READY = sys.argv[2]
TOKEN = "Bearer test-token"

lock = threading.Lock()
state = {"issues": {}, "comments": {}, "labels": {}, "requests": [], "violations": [], "next": 1, "limit": None, "writes": 0, "slow": 0}


def check(value, schema, where, strict):
    problems = []
    if "$ref" in schema:
        return check(value, EXCERPT["schemas"][schema["$ref"]], where, strict)
    if value is None:
        return [] if schema.get("nullable") or not schema else [where + " is null"]
    if "oneOf" in schema:
        if not any(not check(value, s, where, strict) for s in schema["oneOf"]):
            problems.append(where + " matches none of its types")
        return problems
    kind = schema.get("type")
    types = {"string": str, "integer": int, "object": dict, "array": list, "boolean": bool}
    if kind and (not isinstance(value, types[kind]) or (kind == "integer" and isinstance(value, bool))):
        return [where + " is not " + kind]
    if "enum" in schema and value not in schema["enum"]:
        problems.append("%s is %r, not one of %s" % (where, value, schema["enum"]))
    if kind == "object":
        for name in schema.get("required", []):
            if name not in value:
                problems.append(where + " lacks " + name)
        props = schema.get("properties", {})
        for name, item in value.items():
            if name in props:
                problems += check(item, props[name], where + "." + name, strict)
            elif strict and props:
                problems.append(where + " has " + name + ", which the description does not list")
    if kind == "array" and "items" in schema:
        for index, item in enumerate(value):
            problems += check(item, schema["items"], "%s[%d]" % (where, index), strict)
    return problems


def operation(method, path):
    for template, ops in EXCERPT["paths"].items():
        pattern = "^" + re.sub(r"\{[^}]+\}", "([^/]+)", template) + "$"
        match = re.match(pattern, path)
        if match and method.lower() in ops:
            return template, ops[method.lower()], [unquote(g) for g in match.groups()]
    return None, None, None


def issue_json(issue, base):
    return {k: v for k, v in issue.items() if not k.startswith("_")}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body, headers=None, schema=None):
        if schema is not None:
            with lock:
                state["violations"] += ["answer %s: %s" % (self.path, p) for p in check(body, schema, "answer", False)]
        data = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        return json.loads(raw) if raw else None

    def do_GET(self):
        self.handle_any("GET")

    def do_POST(self):
        self.handle_any("POST")

    def do_PATCH(self):
        self.handle_any("PATCH")

    def handle_any(self, method):
        url = urlsplit(self.path)
        payload = self.body()
        if url.path == "/_state":
            with lock:
                return self.answer(200, {k: state[k] for k in ("issues", "comments", "labels", "requests", "violations", "writes")})
        if url.path == "/_control":
            return self.control(payload)
        with lock:
            state["requests"].append({"method": method, "path": url.path, "query": url.query, "body": payload})
        template, op, args = operation(method, url.path)
        if op is None:
            with lock:
                state["violations"].append("%s %s is not an endpoint of the excerpt" % (method, url.path))
            return self.answer(404, {"message": "Not Found"})
        problems = []
        if self.headers.get("Authorization") != TOKEN:
            return self.answer(401, {"message": "Bad credentials"})
        if self.headers.get("X-GitHub-Api-Version") != "2022-11-28" or "application/vnd.github+json" not in (self.headers.get("Accept") or ""):
            problems.append("%s %s without the Accept and X-GitHub-Api-Version headers" % (method, url.path))
        query = parse_qs(url.query)
        for name, values in query.items():
            spec = op.get("parameters", {}).get(name)
            if spec is None:
                problems.append("query parameter %s is not in the description" % name)
                continue
            value = values[0]
            if spec["type"] == "integer":
                if not value.isdigit() or not spec.get("minimum", 0) <= int(value) <= spec.get("maximum", 1 << 31):
                    problems.append("query parameter %s=%s is out of its range" % (name, value))
            elif "enum" in spec and value not in spec["enum"]:
                problems.append("query parameter %s=%s is not one of %s" % (name, value, spec["enum"]))
        if "requestBody" in op:
            problems += check(payload, op["requestBody"], "%s %s body" % (method, template), True)
        elif payload is not None:
            problems.append("%s %s has a body" % (method, template))
        with lock:
            state["violations"] += problems
        writing = method != "GET"
        if writing:
            with lock:
                limit = state["limit"]
                if limit is not None:
                    if limit["after"] > 0:
                        limit["after"] -= 1
                    else:
                        state["limit"] = None
                        return self.limited(limit)
                state["writes"] += 1
        status = op["responses"]
        return getattr(self, "op_" + op["operationId"].replace("/", "_").replace("-", "_"))(args, query, payload, status)

    def limited(self, limit):
        if limit["kind"] == "primary":
            return self.answer(403, {"message": "API rate limit exceeded"},
                               {"x-ratelimit-remaining": "0", "x-ratelimit-reset": str(int(time.time()) + 42)})
        if limit["kind"] == "429":
            return self.answer(429, {"message": "Too many requests"}, {"Retry-After": "17"})
        return self.answer(403, {"message": "You have exceeded a secondary rate limit"}, {"Retry-After": "30"})

    def base(self):
        return "http://" + self.headers.get("Host")

    def op_repos_get(self, args, query, payload, responses):
        owner, repo = args
        self.answer(200, {"id": 1, "name": repo, "full_name": owner + "/" + repo, "html_url": "https://github.example/" + owner + "/" + repo,
                          "default_branch": "main"}, schema=responses["200"])

    def op_issues_list_for_repo(self, args, query, payload, responses):
        wanted = query.get("state", ["open"])[0]
        labels = [l for l in query.get("labels", [""])[0].split(",") if l]
        per_page = int(query.get("per_page", ["30"])[0])
        page = int(query.get("page", ["1"])[0])
        with lock:
            chosen = [i for n, i in sorted(state["issues"].items(), key=lambda p: -int(p[0]))
                      if (wanted == "all" or i["state"] == wanted) and all(l in [x["name"] for x in i["labels"]] for l in labels)]
        pages = max(1, (len(chosen) + per_page - 1) // per_page)
        body = [issue_json(i, self.base()) for i in chosen[(page - 1) * per_page:page * per_page]]
        headers = {}
        if page < pages:
            link = self.base() + "/repos/%s/%s/issues?state=%s&labels=%s&per_page=%d&page=%%d" % (args[0], args[1], wanted, ",".join(labels), per_page)
            headers["Link"] = '<%s>; rel="next", <%s>; rel="last"' % (link % (page + 1), link % pages)
        self.answer(200, body, headers, schema=responses["200"])

    def new_issue(self, args, title, body, labels, pull=False):
        with lock:
            number = state["next"]
            state["next"] += 1
            issue = {"id": 9000 + number, "number": number, "title": title, "body": body, "state": "open", "state_reason": None,
                     "html_url": "https://github.example/%s/%s/issues/%d" % (args[0], args[1], number),
                     "labels": [{"id": 1, "name": l} for l in labels], "closed_at": None}
            if pull:
                issue["pull_request"] = {"url": "https://github.example/pull/%d" % number}
            state["issues"][str(number)] = issue
            return issue

    def refused(self, payload):
        # GitHub answers 422 "Validation Failed" for a title over 256 characters or a body over
        # 65536, which its OpenAPI description does not state; so does the stand-in.
        for key, limit in (("title", 256), ("body", 65536)):
            value = payload.get(key)
            if isinstance(value, str) and len(value) > limit:
                with lock:
                    state["violations"].append("%s of %d characters, over GitHub's %d" % (key, len(value), limit))
                self.answer(422, {"message": "Validation Failed", "errors": [{"resource": "Issue", "code": "custom", "field": key,
                                                                               "message": key + " is too long"}]})
                return True
        return False

    def op_issues_create(self, args, query, payload, responses):
        if self.refused(payload):
            return
        issue = self.new_issue(args, str(payload["title"]), payload.get("body"), [l if isinstance(l, str) else l["name"] for l in payload.get("labels", [])])
        with lock:
            slow, state["slow"] = state["slow"], 0
        # The issue exists now; a client killed while it waits for this answer never records it.
        time.sleep(slow)
        self.answer(201, issue_json(issue, self.base()), schema=responses["201"])

    def op_issues_get(self, args, query, payload, responses):
        with lock:
            issue = state["issues"].get(args[2])
        if issue is None:
            return self.answer(404, {"message": "Not Found"})
        self.answer(200, issue_json(issue, self.base()), schema=responses["200"])

    def op_issues_update(self, args, query, payload, responses):
        if self.refused(payload):
            return
        with lock:
            issue = state["issues"].get(args[2])
            if issue is None:
                return self.answer(404, {"message": "Not Found"})
            for key in ("title", "body"):
                if key in payload:
                    issue[key] = payload[key]
            if "labels" in payload:
                issue["labels"] = [{"id": 1, "name": l if isinstance(l, str) else l["name"]} for l in payload["labels"]]
            if "state" in payload:
                issue["state"] = payload["state"]
                issue["state_reason"] = payload.get("state_reason") or ("completed" if payload["state"] == "closed" else "reopened")
                issue["closed_at"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()) if payload["state"] == "closed" else None
        self.answer(200, issue_json(issue, self.base()), schema=responses["200"])

    def op_issues_create_comment(self, args, query, payload, responses):
        with lock:
            comments = state["comments"].setdefault(args[2], [])
            comments.append(payload["body"])
            comment = {"id": len(comments), "body": payload["body"], "html_url": "https://github.example/c/%d" % len(comments)}
        self.answer(201, comment, schema=responses["201"])

    def op_issues_create_label(self, args, query, payload, responses):
        with lock:
            state["labels"][payload["name"]] = payload
        self.answer(201, {"id": 7, "name": payload["name"], "color": payload.get("color", "ededed"), "description": payload.get("description")},
                    schema=responses["201"])

    def op_issues_get_label(self, args, query, payload, responses):
        with lock:
            label = state["labels"].get(args[2])
        if label is None:
            return self.answer(404, {"message": "Not Found"}, schema=responses["404"])
        self.answer(200, {"id": 7, "name": label["name"], "color": label.get("color", "ededed"), "description": None}, schema=responses["200"])

    def control(self, payload):
        op = payload["op"]
        with lock:
            issue = state["issues"].get(str(payload.get("number")))
            if op == "close":
                issue["state"], issue["state_reason"] = "closed", payload.get("state_reason", "completed")
                issue["closed_at"] = payload.get("closed_at") or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
            elif op == "label":
                issue["labels"].append({"id": 2, "name": payload["add"]})
            elif op == "unlabel":
                issue["labels"] = [l for l in issue["labels"] if l["name"] != payload["remove"]]
            elif op == "slow_create":
                state["slow"] = payload["seconds"]
            elif op == "rate_limit":
                state["limit"] = {"after": payload.get("after", 0), "kind": payload.get("kind", "secondary")}
        if op in ("create", "pull_request"):
            issue = self.new_issue(["acme", "trailhead"], payload["title"], payload["body"], payload.get("labels", []), pull=op == "pull_request")
        self.answer(200, {"ok": True, "number": issue["number"] if issue else None})


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
with open(READY + ".tmp", "w") as ready:
    ready.write(str(server.server_address[1]))
import os
os.rename(READY + ".tmp", READY)
server.serve_forever()
