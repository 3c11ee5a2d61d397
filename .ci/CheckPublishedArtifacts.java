import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.jar.JarFile;
import java.util.jar.Manifest;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Checks what `./mvnw install` put into a local Maven repository under io/github/argonnx against the
 * release conventions of docs/releasing.md, and exits 1 naming every artifact that breaks one:
 *
 * - every POM has a name and a description, and with its parents the rest of what Maven Central asks
 *   for: url, licenses, developers, scm, issueManagement;
 * - every jar or maven-plugin artifact comes with its -sources.jar and -javadoc.jar;
 * - every jar (main, test-jar, sources) has META-INF/LICENSE and META-INF/NOTICE;
 * - every main jar and test-jar names its module (Automatic-Module-Name, a valid module name) and no two
 *   jars share one;
 * - no jar carries META-INF/jpms.args, a record of the build's compiler options;
 * - argonnx-bom manages every jar and test-jar that was installed: in its dependencyManagement, or, for the
 *   Maven plugin (which no dependency entry pins), in its build's pluginManagement.
 *
 * Usage: java .ci/CheckPublishedArtifacts.java <local repository>
 * Needs only a JDK 17: it runs as a single source file.
 */
public final class CheckPublishedArtifacts {

    private static final String GROUP_PATH = "io/github/argonnx";

    private static final String BOM = "argonnx-bom";

    private static final List<String> INHERITABLE_METADATA =
            List.of("url", "licenses", "developers", "scm", "issueManagement");

    private static final Pattern MODULE_NAME =
            Pattern.compile("[A-Za-z_$][A-Za-z0-9_$]*(\\.[A-Za-z_$][A-Za-z0-9_$]*)*");

    private final Path repository;
    private final List<String> problems = new ArrayList<>();
    private final List<String> moduleNames = new ArrayList<>();
    /** Installed jars as a BOM entry names them: artifactId, or artifactId:test-jar. */
    private final List<String> jars = new ArrayList<>();
    private Element bom;
    private int artifacts;

    private CheckPublishedArtifacts(Path repository) {
        this.repository = repository;
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 1) {
            System.err.println("usage: java .ci/CheckPublishedArtifacts.java <local Maven repository>");
            System.exit(2);
        }
        CheckPublishedArtifacts check = new CheckPublishedArtifacts(Path.of(args[0]));
        check.run();
        if (check.artifacts == 0) {
            System.err.println("no artifact of io.github.argonnx in " + args[0] + ": run ./mvnw install first");
            System.exit(1);
        }
        if (!check.problems.isEmpty()) {
            check.problems.forEach(p -> System.err.println("release conventions: " + p));
            System.exit(1);
        }
        System.out.println("release conventions: " + check.artifacts + " artifacts of io.github.argonnx checked, all complete");
    }

    private void run() throws Exception {
        Path group = repository.resolve(GROUP_PATH);
        if (!Files.isDirectory(group)) {
            return;
        }
        try (Stream<Path> poms = Files.walk(group, 3)) {
            for (Path pom : poms.filter(p -> p.getFileName().toString().endsWith(".pom")).sorted().toList()) {
                String artifactId = pom.getParent().getParent().getFileName().toString();
                String version = pom.getParent().getFileName().toString();
                if (pom.getFileName().toString().equals(artifactId + "-" + version + ".pom")) {
                    artifacts++;
                    checkArtifact(pom, artifactId, version);
                }
            }
        }
        checkBom();
    }

    private void checkBom() {
        if (bom == null) {
            problems.add(BOM + " was not installed");
            return;
        }
        List<String> managed = new ArrayList<>();
        child(bom, "dependencyManagement").flatMap(m -> child(m, "dependencies")).ifPresent(dependencies -> {
            for (Node n = dependencies.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element d) {
                    String type = text(d, "type").orElse("jar");
                    managed.add(text(d, "artifactId").orElse("") + (type.equals("jar") ? "" : ":" + type));
                }
            }
        });
        child(bom, "build").flatMap(b -> child(b, "pluginManagement")).flatMap(m -> child(m, "plugins"))
                .ifPresent(plugins -> {
                    for (Node n = plugins.getFirstChild(); n != null; n = n.getNextSibling()) {
                        if (n instanceof Element p && text(p, "version").isPresent()) {
                            managed.add(text(p, "artifactId").orElse("") + ":maven-plugin");
                        }
                    }
                });
        for (String jar : jars) {
            if (!managed.contains(jar)) {
                problems.add(BOM + " does not manage " + jar);
            }
        }
    }

    private void checkArtifact(Path pom, String artifactId, String version) throws Exception {
        String name = artifactId + "-" + version;
        Element project = parse(pom);
        if (artifactId.equals(BOM)) {
            bom = project;
        }
        for (String element : List.of("name", "description")) {
            if (text(project, element).isEmpty()) {
                problems.add(name + ".pom has no <" + element + ">");
            }
        }
        for (String element : INHERITABLE_METADATA) {
            if (!inheritedHas(project, element)) {
                problems.add(name + ".pom has no <" + element + ">, nor has any of its parents");
            }
        }
        String packaging = text(project, "packaging").orElse("jar");
        if (!packaging.equals("jar") && !packaging.equals("maven-plugin")) {
            return;
        }
        jars.add(packaging.equals("maven-plugin") ? artifactId + ":maven-plugin" : artifactId);
        Path directory = pom.getParent();
        checkJar(directory.resolve(name + ".jar"), true);
        checkJar(directory.resolve(name + "-sources.jar"), false);
        Path javadoc = directory.resolve(name + "-javadoc.jar");
        if (!Files.isRegularFile(javadoc)) {
            problems.add(javadoc.getFileName() + " is missing");
        }
        Path tests = directory.resolve(name + "-tests.jar");
        if (Files.isRegularFile(tests)) {
            jars.add(artifactId + ":test-jar");
            checkJar(tests, true);
        }
    }

    private void checkJar(Path jar, boolean namesItsModule) throws IOException {
        String file = jar.getFileName().toString();
        if (!Files.isRegularFile(jar)) {
            problems.add(file + " is missing");
            return;
        }
        try (JarFile contents = new JarFile(jar.toFile())) {
            for (String entry : List.of("META-INF/LICENSE", "META-INF/NOTICE")) {
                if (contents.getEntry(entry) == null) {
                    problems.add(file + " has no " + entry);
                }
            }
            if (contents.getEntry("META-INF/jpms.args") != null) {
                problems.add(file + " carries META-INF/jpms.args, a build leftover");
            }
            if (namesItsModule) {
                Manifest manifest = contents.getManifest();
                String module = manifest == null ? null : manifest.getMainAttributes().getValue("Automatic-Module-Name");
                if (module == null || !MODULE_NAME.matcher(module).matches()) {
                    problems.add(file + ": Automatic-Module-Name is " + (module == null ? "missing" : "'" + module + "', not a module name"));
                } else if (moduleNames.contains(module)) {
                    problems.add(file + ": Automatic-Module-Name " + module + " is also another jar's");
                } else {
                    moduleNames.add(module);
                }
            }
        }
    }

    /** Whether the POM or one of its parents in the same repository has the element. */
    private boolean inheritedHas(Element project, String element) throws Exception {
        for (Optional<Element> p = Optional.of(project); p.isPresent(); p = parent(p.get())) {
            if (child(p.get(), element).isPresent()) {
                return true;
            }
        }
        return false;
    }

    private Optional<Element> parent(Element project) throws Exception {
        Optional<Element> parent = child(project, "parent");
        if (parent.isEmpty()) {
            return Optional.empty();
        }
        String groupId = text(parent.get(), "groupId").orElse("");
        String artifactId = text(parent.get(), "artifactId").orElse("");
        String version = text(parent.get(), "version").orElse("");
        Path pom = repository.resolve(groupId.replace('.', '/')).resolve(artifactId).resolve(version)
                .resolve(artifactId + "-" + version + ".pom");
        return Files.isRegularFile(pom) ? Optional.of(parse(pom)) : Optional.empty();
    }

    private static Element parse(Path pom) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
        return factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
    }

    private static Optional<Element> child(Element parent, String name) {
        for (Node n = parent.getFirstChild(); n != null; n = n.getNextSibling()) {
            if (n instanceof Element e && e.getTagName().equals(name)) {
                return Optional.of(e);
            }
        }
        return Optional.empty();
    }

    private static Optional<String> text(Element parent, String name) {
        return child(parent, name).map(e -> e.getTextContent().strip()).filter(s -> !s.isEmpty());
    }
}
