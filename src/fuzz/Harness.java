// The fuzzer's JVM side: one launch compiles every program directory named on stdin
// with the in-process javac and runs its static no-argument `driver*` methods of class
// Main (assertions on), each driver in a class loader of its own (classes loaded and
// initialized afresh per run, as static fields need), printing one line per result:
//   @javac DIR ok | @javac DIR error LINE: MESSAGE
//   @run DIR Main.driverK -> return V | throw SimpleName | timeout
// Usage: java -ea FuzzHarness.java < dirs
//
// The programs are first compiled together, in one javac task (program K put in
// package hlK, on its first line, so that line numbers stay), which costs far less
// than a task per program; if that task reports any error, each program is compiled
// alone instead, so a rejection names its own program and line as before.

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class FuzzHarness {
    public static void main(String[] args) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        List<String> dirs = new ArrayList<>();
        String line;
        while ((line = in.readLine()) != null) {
            if (!line.isEmpty()) {
                dirs.add(line);
            }
        }
        if (!together(javac, files, dirs)) {
            for (String dir : dirs) {
                alone(javac, files, dir);
            }
        }
        System.exit(0);
    }

    /** Compiles every program in one task and runs them; false (nothing printed) on an error. */
    static boolean together(JavaCompiler javac, StandardJavaFileManager files, List<String> dirs)
            throws Exception {
        if (dirs.isEmpty()) {
            return true;
        }
        File classes = new File(new File(dirs.get(0)).getParentFile(), "together");
        classes.mkdirs();
        List<JavaFileObject> units = new ArrayList<>();
        for (int k = 0; k < dirs.size(); k++) {
            String code = "package hl" + k + "; " + Files.readString(new File(dirs.get(k), "P.java").toPath());
            units.add(new SimpleJavaFileObject(URI.create("string:///hl" + k + "/P.java"), JavaFileObject.Kind.SOURCE) {
                @Override
                public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                    return code;
                }
            });
        }
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        List<String> options = Arrays.asList("-nowarn", "-proc:none", "-d", classes.getPath());
        boolean ok = javac.getTask(null, files, diags, options, null, units).call();
        for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
            ok &= d.getKind() != Diagnostic.Kind.ERROR;
        }
        if (!ok) {
            return false;
        }
        for (int k = 0; k < dirs.size(); k++) {
            System.out.println("@javac " + dirs.get(k) + " ok");
            run(dirs.get(k), classes, "hl" + k + ".Main");
        }
        return true;
    }

    /** Compiles one program on its own and runs it. */
    static void alone(JavaCompiler javac, StandardJavaFileManager files, String dir) throws Exception {
        File classes = new File(dir, "classes");
        classes.mkdirs();
        DiagnosticCollector<JavaFileObject> diags = new DiagnosticCollector<>();
        Iterable<? extends JavaFileObject> units = files.getJavaFileObjects(new File(dir, "P.java"));
        List<String> options = Arrays.asList("-nowarn", "-proc:none", "-d", classes.getPath());
        boolean ok = javac.getTask(null, files, diags, options, null, units).call();
        if (!ok) {
            String first = "unknown error";
            for (Diagnostic<? extends JavaFileObject> d : diags.getDiagnostics()) {
                if (d.getKind() == Diagnostic.Kind.ERROR) {
                    first = d.getLineNumber() + ": " + d.getMessage(null).replace('\n', ' ');
                    break;
                }
            }
            System.out.println("@javac " + dir + " error " + first);
            return;
        }
        System.out.println("@javac " + dir + " ok");
        run(dir, classes, "Main");
    }

    /**
     * Runs the drivers of class `name` (the program's Main), each in a class loader of its
     * own: every run starts from freshly initialized classes, as heaplog's runs do, so a
     * driver never sees the static fields an earlier one left.
     */
    static void run(String dir, File classes, String name) throws Exception {
        URL[] path = {classes.toURI().toURL()};
        // The driver names, without initializing the class.
        Method[] methods = Class.forName(name, false, new URLClassLoader(path)).getDeclaredMethods();
        Arrays.sort(methods, Comparator.comparing(Method::getName));
        for (Method listed : methods) {
            if (!listed.getName().startsWith("driver")
                    || !Modifier.isStatic(listed.getModifiers())
                    || listed.getParameterCount() != 0) {
                continue;
            }
            URLClassLoader loader = new URLClassLoader(path);
            loader.setDefaultAssertionStatus(true);
            Method m = Class.forName(name, true, loader).getDeclaredMethod(listed.getName());
            m.setAccessible(true);
            String[] outcome = {"timeout"};
            Thread t = new Thread(() -> {
                try {
                    Object v = m.invoke(null);
                    outcome[0] = "return " + (m.getReturnType() == void.class ? "unit" : String.valueOf(v));
                } catch (InvocationTargetException e) {
                    outcome[0] = "throw " + e.getCause().getClass().getSimpleName();
                } catch (Throwable e) {
                    outcome[0] = "harness " + e;
                }
            });
            t.setDaemon(true);
            t.start();
            t.join(10000);
            synchronized (outcome) {
                System.out.println("@run " + dir + " Main." + m.getName() + " -> " + outcome[0]);
            }
        }
        System.out.flush();
    }
}
