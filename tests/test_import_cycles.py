"""No import cycle in the package: every module can be imported first, on its own, without
meeting a partially initialised module.

The graph is built from the source (ast), not by importing: an edge A -> B for every import
A executes when it is loaded (module level, class bodies, ``if``/``try`` blocks; not inside
functions). ``from P import x`` is an edge to the submodule ``P.x`` when there is one, and to
the package ``P`` itself when ``x`` is a name defined there. Importing ``P.Q.m`` also runs the
``__init__`` of each package on the way, unless the importer is inside that package already
(then it is being initialised and the import only reads a submodule)."""
import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGE = "hookgrad"


def _modules():
    """``{dotted name: path}`` of every module of the package."""
    found = {}
    for path in sorted((ROOT / PACKAGE).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def _is_package(name, modules):
    return modules.get(name, pathlib.Path()).name == "__init__.py"


def _load_time_imports(tree):
    """Import statements that run when the module is loaded (none inside a function)."""
    pending = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            pending.extend(ast.iter_child_nodes(node))


def _targets(module, node, modules):
    """The modules of the package whose loading ``node`` (in ``module``) may trigger."""
    package = module if _is_package(module, modules) else module.rpartition(".")[0]
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
        targets = [name for name in names if name in modules]
    else:
        if node.level:
            base = package.split(".")
            base = base[:len(base) - node.level + 1]
            source = ".".join(base + ([node.module] if node.module else []))
        else:
            source = node.module or ""
        if source not in modules:
            return []
        targets = []
        for alias in node.names:
            sub = f"{source}.{alias.name}"
            if sub in modules:
                targets.append(sub)
            else:
                targets.append(source)  # a name defined in that module or package
        names = [source]
    # packages whose __init__ runs on the way to each target, unless the importer is in them
    for name in list(targets) + names:
        parts = name.split(".")
        for i in range(1, len(parts)):
            ancestor = ".".join(parts[:i])
            if not (module == ancestor or module.startswith(ancestor + ".")):
                targets.append(ancestor)
    return [t for t in set(targets) if t != module and t in modules]


def import_graph():
    modules = _modules()
    graph = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), str(path))
        edges = set()
        for node in _load_time_imports(tree):
            edges.update(_targets(name, node, modules))
        graph[name] = sorted(edges)
    return graph


def find_cycle(graph):
    """One cycle as a list of module names (first == last), or None."""
    state = {}  # name -> 1 while on the stack, 2 when done
    for start in sorted(graph):
        if state.get(start):
            continue
        stack = [(start, iter(graph[start]))]
        path = [start]
        state[start] = 1
        while stack:
            name, children = stack[-1]
            for child in children:
                if state.get(child) == 1:
                    return path[path.index(child):] + [child]
                if not state.get(child):
                    state[child] = 1
                    stack.append((child, iter(graph.get(child, ()))))
                    path.append(child)
                    break
            else:
                state[name] = 2
                stack.pop()
                path.pop()
    return None


def test_the_graph_sees_the_imports():
    graph = import_graph()
    assert "hookgrad._tensor" in graph["hookgrad"]
    assert "hookgrad.autograd.graph" in graph["hookgrad.autograd.engine"]


def test_find_cycle_reports_a_cycle():
    assert find_cycle({"a": ["b"], "b": ["c"], "c": ["a"], "d": []}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": ["b"], "b": [], "c": ["a", "b"]}) is None


def test_no_import_cycle():
    cycle = find_cycle(import_graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def _reachable(graph, start):
    seen, pending = set(), [start]
    while pending:
        for child in graph.get(pending.pop(), ()):
            if child not in seen:
                seen.add(child)
                pending.append(child)
    return seen


def test_the_engine_and_the_ops_sit_below_the_op_surface():
    """TensorBase's seam: the graph, the engine and the ops import ``_tensor_base`` (and
    ``_make``), never ``Tensor``'s module, which attaches the ops to the class."""
    graph = import_graph()
    below = [m for m in graph if m.startswith(("hookgrad._ops.", "hookgrad.autograd."))
             or m in ("hookgrad._tensor_base", "hookgrad._creation", "hookgrad._random")]
    assert "hookgrad.autograd.graph" in below
    importers = [m for m in below if "hookgrad._tensor" in _reachable(graph, m)]
    assert not importers, f"these import hookgrad._tensor: {importers}"
