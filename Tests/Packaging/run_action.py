#!/usr/bin/env python3
"""Checks and runs the composite GitHub Action in action.yml on this machine.

    run_action.py validate ACTION_YML
        Prints every problem with the action's structure (one per line) and exits 1 if any.
    run_action.py run ACTION_YML SETTINGS_JSON
        Runs the steps as a GitHub runner would on Linux: expressions evaluated, `if:`
        conditions honoured, `run:` steps in bash with GITHUB_OUTPUT, GITHUB_PATH,
        GITHUB_STEP_SUMMARY and the other runner variables. The actions it `uses:` are
        stood in for: actions/cache/restore and /save keep files in a folder of the
        settings, upload-sarif and upload-artifact record what they would upload. Prints a
        JSON account of the run.

SETTINGS_JSON: {"inputs": {...}, "workspace": DIR, "temp": DIR, "cache_store": DIR,
"action_path": DIR, "env": {...}}.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

# The actions the steps may use, with the inputs each accepts.
KNOWN_ACTIONS = {
    "actions/cache/restore": {"path", "key", "restore-keys", "fail-on-cache-miss", "lookup-only", "enableCrossOsArchive"},
    "actions/cache/save": {"path", "key", "upload-chunk-size", "enableCrossOsArchive"},
    "github/codeql-action/upload-sarif": {"sarif_file", "category", "checkout_path", "ref", "sha", "token", "wait-for-processing"},
    "actions/upload-artifact": {"name", "path", "if-no-files-found", "retention-days", "compression-level", "overwrite", "include-hidden-files"},
}
EXPRESSION = re.compile(r"\$\{\{(.*?)\}\}", re.S)
STATUS_FUNCTIONS = ("always()", "success()", "failure()", "cancelled()")


# ---------------------------------------------------------------------------------------
# Expressions: the subset of GitHub's expression language that composite actions use.

class Expression:
    TOKEN = re.compile(r"\s*(?:(\|\||&&|==|!=|!|\(|\))|'((?:[^']|'')*)'|([A-Za-z_][A-Za-z0-9_.\-]*(?:\(\))?)|(\d+))")

    def __init__(self, text):
        self.text = text
        self.tokens = []
        position = 0
        text = text.strip()
        while position < len(text):
            match = self.TOKEN.match(text, position)
            if not match or match.end() == position:
                raise ValueError(f"cannot read the expression at '{text[position:]}'")
            operator, string, name, number = match.groups()
            if operator:
                self.tokens.append(("op", operator))
            elif string is not None:
                self.tokens.append(("str", string.replace("''", "'")))
            elif name:
                self.tokens.append(("name", name))
            else:
                self.tokens.append(("num", number))
            position = match.end()
        self.index = 0
        self.tree = self.parse_or()
        if self.index != len(self.tokens):
            raise ValueError(f"unexpected '{self.tokens[self.index][1]}' in '{self.text}'")

    def peek(self):
        return self.tokens[self.index] if self.index < len(self.tokens) else (None, None)

    def take(self, value=None):
        token = self.peek()
        if token[0] is None or (value is not None and token[1] != value):
            raise ValueError(f"expected '{value}' in '{self.text}'")
        self.index += 1
        return token

    def parse_or(self):
        left = self.parse_and()
        while self.peek() == ("op", "||"):
            self.take()
            left = ("or", left, self.parse_and())
        return left

    def parse_and(self):
        left = self.parse_unary()
        while self.peek() == ("op", "&&"):
            self.take()
            left = ("and", left, self.parse_unary())
        return left

    def parse_unary(self):
        if self.peek() == ("op", "!"):
            self.take()
            return ("not", self.parse_unary())
        left = self.parse_primary()
        if self.peek() in (("op", "=="), ("op", "!=")):
            operator = self.take()[1]
            return (operator, left, self.parse_primary())
        return left

    def parse_primary(self):
        kind, value = self.take()
        if (kind, value) == ("op", "("):
            inner = self.parse_or()
            self.take(")")
            return inner
        if kind == "str":
            return ("lit", value)
        if kind == "num":
            return ("lit", value)
        if kind == "name":
            if value in ("true", "false"):
                return ("lit", value == "true")
            if value.endswith("()"):
                if value not in STATUS_FUNCTIONS:
                    raise ValueError(f"unknown function {value}")
                return ("call", value)
            return ("ref", value)
        raise ValueError(f"unexpected '{value}' in '{self.text}'")

    def references(self, node=None):
        node = self.tree if node is None else node
        if node[0] == "ref":
            return [node[1]]
        return [r for child in node[1:] if isinstance(child, tuple) for r in self.references(child)]

    def evaluate(self, context, failed=False, node=None):
        node = self.tree if node is None else node
        kind = node[0]
        if kind == "lit":
            return node[1]
        if kind == "ref":
            value = context
            for part in node[1].split("."):
                value = value.get(part) if isinstance(value, dict) else None
            return value
        if kind == "call":
            return {"always()": True, "success()": not failed, "failure()": failed, "cancelled()": False}[node[1]]
        if kind == "not":
            return not truthy(self.evaluate(context, failed, node[1]))
        if kind == "and":
            left = self.evaluate(context, failed, node[1])
            return self.evaluate(context, failed, node[2]) if truthy(left) else left
        if kind == "or":
            left = self.evaluate(context, failed, node[1])
            return left if truthy(left) else self.evaluate(context, failed, node[2])
        left, right = self.evaluate(context, failed, node[1]), self.evaluate(context, failed, node[2])
        equal = text(left).lower() == text(right).lower()  # GitHub compares strings ignoring case
        return equal if kind == "==" else not equal


def truthy(value):
    return value not in (None, False, "", 0)


def text(value):
    if value is None:
        return ""
    if value is True or value is False:
        return "true" if value else "false"
    return str(value)


def substitute(string, context):
    return EXPRESSION.sub(lambda match: text(Expression(match.group(1)).evaluate(context)), string)


def condition(step):
    value = step.get("if")
    if value is None:
        return None
    value = str(value).strip()
    match = re.fullmatch(r"\$\{\{(.*)\}\}", value, re.S)
    return match.group(1) if match else value


# ---------------------------------------------------------------------------------------
# Validation.

def load(path):
    with open(path, encoding="utf-8") as handle:
        return yaml.safe_load(handle)


def validate(action):
    problems = []
    for key in ("name", "description", "runs"):
        if key not in action:
            problems.append(f"no top-level '{key}'")
    inputs = action.get("inputs") or {}
    outputs = action.get("outputs") or {}
    runs = action.get("runs") or {}
    if runs.get("using") != "composite":
        problems.append(f"runs.using is '{runs.get('using')}', not 'composite'")
    steps = runs.get("steps") or []
    if not steps:
        problems.append("no steps")
    for name, spec in inputs.items():
        if not isinstance(spec, dict) or not spec.get("description"):
            problems.append(f"input '{name}' has no description")
            continue
        if not spec.get("required", False) and not isinstance(spec.get("default"), str):
            problems.append(f"input '{name}' is optional but its default is not a string")

    used_inputs = set()
    known_ids = set()
    names = set()

    def check_references(expression, where):
        for reference in expression.references():
            parts = reference.split(".")
            if parts[0] == "inputs":
                if len(parts) != 2 or parts[1] not in inputs:
                    problems.append(f"{where}: '{reference}' is not a declared input")
                used_inputs.add(parts[1] if len(parts) > 1 else "")
            elif parts[0] == "steps":
                if len(parts) != 4 or parts[2] != "outputs" or parts[1] not in known_ids:
                    problems.append(f"{where}: '{reference}' names no output of an earlier step")
            elif parts[0] not in ("runner", "github", "env"):
                problems.append(f"{where}: unknown context in '{reference}'")

    def check_strings(value, where):
        if isinstance(value, str):
            for match in EXPRESSION.finditer(value):
                try:
                    check_references(Expression(match.group(1)), where)
                except ValueError as error:
                    problems.append(f"{where}: {error}")
        elif isinstance(value, dict):
            for key, item in value.items():
                check_strings(item, f"{where}.{key}")

    for number, step in enumerate(steps, 1):
        where = f"step {number} ({step.get('name', 'unnamed')})"
        if not step.get("name"):
            problems.append(f"{where}: no name")
        elif step["name"] in names:
            problems.append(f"{where}: the name is used twice")
        names.add(step.get("name"))
        if ("run" in step) == ("uses" in step):
            problems.append(f"{where}: needs exactly one of 'run' and 'uses'")
        if "run" in step:
            if step.get("shell") not in ("bash", "sh", "pwsh", "python"):
                problems.append(f"{where}: a run step needs a shell")
            if EXPRESSION.search(str(step["run"])):
                problems.append(f"{where}: expressions inside 'run' (pass values through 'env' instead)")
        if "uses" in step:
            action_name, _, version = str(step["uses"]).partition("@")
            if not re.fullmatch(r"v\d+(\.\d+)*", version):
                problems.append(f"{where}: '{step['uses']}' is not pinned to a version tag")
            if action_name not in KNOWN_ACTIONS:
                problems.append(f"{where}: '{action_name}' is not an action this check knows")
            else:
                for key in (step.get("with") or {}):
                    if key not in KNOWN_ACTIONS[action_name]:
                        problems.append(f"{where}: '{action_name}' has no input '{key}'")
        expression = condition(step)
        if expression is not None:
            try:
                check_references(Expression(expression), f"{where}.if")
            except ValueError as error:
                problems.append(f"{where}.if: {error}")
        for key in ("env", "with", "working-directory"):
            if key in step:
                check_strings(step[key], f"{where}.{key}")
        if "id" in step:
            if step["id"] in known_ids:
                problems.append(f"{where}: the id '{step['id']}' is used twice")
            known_ids.add(step["id"])
    for name, spec in outputs.items():
        if not isinstance(spec, dict) or not spec.get("description") or "value" not in spec:
            problems.append(f"output '{name}' needs a description and a value")
            continue
        check_strings(spec["value"], f"output '{name}'")
    for name in inputs:
        if name not in used_inputs:
            problems.append(f"input '{name}' is declared but never used")
    return problems


# ---------------------------------------------------------------------------------------
# Running.

def parse_file_commands(path):
    """name=value lines and name<<DELIMITER blocks, as GitHub reads GITHUB_OUTPUT."""
    values = {}
    if not os.path.exists(path):
        return values
    with open(path, encoding="utf-8") as handle:
        lines = handle.read().split("\n")
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line:
            continue
        if "<<" in line and ("=" not in line or line.index("<<") < line.index("=")):
            name, delimiter = line.split("<<", 1)
            block = []
            while index < len(lines) and lines[index] != delimiter:
                block.append(lines[index])
                index += 1
            if index == len(lines):
                raise ValueError(f"{path}: '{name}' is never closed by '{delimiter}'")
            index += 1
            values[name] = "\n".join(block)
        elif "=" in line:
            name, value = line.split("=", 1)
            values[name] = value
        else:
            raise ValueError(f"{path}: cannot read '{line}'")
    return values


def stand_in(step, arguments, settings, record):
    """What the used actions do, far enough to check the steps around them."""
    name = step["uses"].split("@")[0]
    record.append({"uses": step["uses"], "with": arguments})
    store = settings["cache_store"]
    if name == "actions/cache/restore":
        saved = os.path.join(store, arguments["key"])
        if os.path.isdir(saved):
            shutil.rmtree(arguments["path"], ignore_errors=True)
            shutil.copytree(saved, arguments["path"])
            return 0, {"cache-hit": "true", "cache-primary-key": arguments["key"]}, "restored\n"
        return 0, {"cache-hit": "false", "cache-primary-key": arguments["key"]}, "cache miss\n"
    if name == "actions/cache/save":
        saved = os.path.join(store, arguments["key"])
        shutil.rmtree(saved, ignore_errors=True)
        shutil.copytree(arguments["path"], saved)
        return 0, {}, "saved\n"
    if name == "github/codeql-action/upload-sarif":
        with open(arguments["sarif_file"], encoding="utf-8") as handle:
            sarif = json.load(handle)
        if sarif.get("version") != "2.1.0":
            return 1, {}, f"not SARIF 2.1.0: {arguments['sarif_file']}\n"
        return 0, {}, f"would upload {arguments['sarif_file']}\n"
    if name == "actions/upload-artifact":
        paths = [line.strip() for line in arguments.get("path", "").split("\n") if line.strip()]
        missing = [path for path in paths if not os.path.exists(path)]
        if missing and arguments.get("if-no-files-found", "warn") == "error":
            return 1, {}, f"missing: {missing}\n"
        return 0, {}, f"would upload {paths}\n"
    return 1, {}, f"no stand-in for {name}\n"


def run(action, settings):
    action_path = settings["action_path"]
    workspace = settings["workspace"]
    temp = settings["temp"]
    os.makedirs(temp, exist_ok=True)
    files = tempfile.mkdtemp(prefix="runner-files-", dir=temp)
    summary = os.path.join(files, "step-summary.md")
    path_file = os.path.join(files, "path")
    env_file = os.path.join(files, "env")
    open(summary, "w").close()
    inputs = {name: (spec or {}).get("default", "") for name, spec in (action.get("inputs") or {}).items()}
    unknown = set(settings.get("inputs", {})) - set(inputs)
    if unknown:
        raise ValueError(f"inputs the action does not declare: {sorted(unknown)}")
    inputs.update(settings.get("inputs", {}))
    context = {
        "inputs": inputs,
        "steps": {},
        "runner": {"os": "Linux", "arch": "X64", "temp": temp},
        "github": {"action_path": action_path, "workspace": workspace, "server_url": "https://github.com",
                   "repository": "example/app", "sha": "0123456789abcdef0123456789abcdef01234567"},
    }
    base_env = dict(os.environ)
    base_env.update({
        "GITHUB_ACTIONS": "true", "CI": "true", "GITHUB_ACTION_PATH": action_path, "GITHUB_WORKSPACE": workspace,
        "GITHUB_SERVER_URL": "https://github.com", "GITHUB_REPOSITORY": "example/app",
        "GITHUB_SHA": context["github"]["sha"], "GITHUB_STEP_SUMMARY": summary, "GITHUB_PATH": path_file,
        "GITHUB_ENV": env_file, "RUNNER_OS": "Linux", "RUNNER_ARCH": "X64", "RUNNER_TEMP": temp,
    })
    base_env.update(settings.get("env", {}))
    extra_path = []
    extra_env = {}
    failed = False
    account = {"steps": [], "uses": [], "exit_code": 0, "failed_step": None}
    for number, step in enumerate(action["runs"]["steps"], 1):
        expression = condition(step)
        should = not failed
        if expression is not None:
            parsed = Expression(expression)
            has_status = any(function in expression for function in STATUS_FUNCTIONS)
            should = (has_status or not failed) and truthy(parsed.evaluate(context, failed))
        entry = {"name": step["name"], "id": step.get("id"), "ran": should}
        account["steps"].append(entry)
        if not should:
            continue
        output_file = os.path.join(files, f"output-{number}")
        open(output_file, "w").close()
        env = dict(base_env)
        env.update(extra_env)
        env["PATH"] = os.pathsep.join(list(reversed(extra_path)) + [base_env["PATH"]])
        env["GITHUB_OUTPUT"] = output_file
        for key, value in (step.get("env") or {}).items():
            env[key] = substitute(text(value), context)
        if "uses" in step:
            arguments = {key: substitute(text(value), context) for key, value in (step.get("with") or {}).items()}
            status, outputs, log = stand_in(step, arguments, settings, account["uses"])
        else:
            directory = os.path.join(workspace, substitute(text(step.get("working-directory", ".")), context))
            script = os.path.join(files, f"step-{number}.sh")
            with open(script, "w", encoding="utf-8") as handle:
                handle.write(step["run"])
            process = subprocess.run(["bash", "--noprofile", "--norc", "-eo", "pipefail", script], cwd=directory, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            status, log = process.returncode, process.stdout
            outputs = parse_file_commands(output_file)
        if os.path.exists(path_file):
            with open(path_file, encoding="utf-8") as handle:
                extra_path = [line for line in handle.read().split("\n") if line]
        extra_env = parse_file_commands(env_file)
        entry.update({"status": status, "outputs": outputs, "log": log})
        if step.get("id"):
            context["steps"][step["id"]] = {"outputs": outputs, "outcome": "success" if status == 0 else "failure"}
        if status != 0 and not failed:
            failed = True
            account["exit_code"] = status
            account["failed_step"] = step["name"]
    account["outputs"] = {name: substitute(text(spec.get("value", "")), context) for name, spec in (action.get("outputs") or {}).items()}
    with open(summary, encoding="utf-8") as handle:
        account["step_summary"] = handle.read()
    account["path"] = extra_path
    return account


def main(arguments):
    if len(arguments) == 2 and arguments[0] == "validate":
        problems = validate(load(arguments[1]))
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    if len(arguments) == 3 and arguments[0] == "run":
        with open(arguments[2], encoding="utf-8") as handle:
            settings = json.load(handle)
        print(json.dumps(run(load(arguments[1]), settings), indent=1, sort_keys=True))
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
