// The fuzzer's JVM side: one launch compiles every program directory named on stdin
// with the in-process javac and runs its static no-argument `driver*` methods of class
// Main (assertions on), each in its own class loader, printing one line per result:
//   @javac DIR ok | @javac DIR error LINE: MESSAGE
//   @run DIR Main.driverK -> return V | throw SimpleName | timeout
// Usage: java -ea FuzzHarness.java < dirs

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
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
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

public class FuzzHarness {
    public static void main(String[] args) throws Exception {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager files = javac.getStandardFileManager(null, null, null);
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
        String dir;
        while ((dir = in.readLine()) != null) {
            if (dir.isEmpty()) {
                continue;
            }
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
                continue;
            }
            System.out.println("@javac " + dir + " ok");
            URLClassLoader loader = new URLClassLoader(new URL[] {classes.toURI().toURL()});
            loader.setDefaultAssertionStatus(true);
            Class<?> main = Class.forName("Main", true, loader);
            Method[] methods = main.getDeclaredMethods();
            Arrays.sort(methods, Comparator.comparing(Method::getName));
            for (Method m : methods) {
                if (!m.getName().startsWith("driver")
                        || !Modifier.isStatic(m.getModifiers())
                        || m.getParameterCount() != 0) {
                    continue;
                }
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
        System.exit(0);
    }
}
